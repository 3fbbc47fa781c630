// A failed query inside better-auth (here: sign-up, whose insert breaks a constraint) is logged by the app's
// logger like any other error, by its code and never with its parameters, which hold the password hash.
// better-call's default would print the whole error, parameters included, to stderr.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { captureLog } from '../support/capture-log';
import { authRequest, createTestApp, randomClientAddress, type TestApp } from '../support/test-app';

let testApp: TestApp;
const captured = captureLog();

beforeAll(async () => {
  testApp = await createTestApp({}, { log: captured.log });
  await testApp.database.pool.query(
    `alter table account add constraint no_passwords check (password is null)`,
  );
});
afterAll(async () => {
  await testApp?.close();
});

describe('a failed query inside an auth route', () => {
  it('answers 500 server_error, and no log line or stderr output holds its parameters', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const email = `broken-${Date.now()}@example.com`;
    const response = await authRequest(
      testApp,
      '/sign-up/email',
      { email, password: 'Correct-horse-battery-9', name: 'Broken' },
      { 'x-forwarded-for': randomClientAddress() },
    );
    expect(response.status).toBe(500);
    expect(await response.json()).toMatchObject({ error: { type: 'server_error' } });
    const printed = consoleError.mock.calls.flat().map(String).join('\n');
    consoleError.mockRestore();
    expect(printed).not.toContain(email);
    expect(printed).not.toMatch(/params/);
    const failure = captured.entries().find((line) => line.msg === 'request failed');
    expect(failure?.err).toMatchObject({ code: '23514', constraint: 'no_passwords' });
    expect(captured.text()).not.toContain(email);
    expect(captured.text()).not.toMatch(/[0-9a-f]{32}:[0-9a-f]{64}/);
  });
});
