// An app wired like production over a fresh test database, plus factories for signed-in users.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import type { FunctionName, FunctionRequest } from '../../src/common/contract/functions';
import { deliverQueuedMail } from '../../src/server/domain/auth/send-mail-task';
import type { Logger } from '../../src/server/leaves/logger/logger';
import { createApp } from '../../src/server/main/app';
import { buildServices } from '../../src/server/main/boot';
import { type Config, loadConfig } from '../../src/server/main/config';
import type { Services } from '../../src/server/main/services';
import { type FunctionResult, readResult } from './answers';
import { signInAnswer } from './auth-answers';
import { createTestDatabase, type TestDatabase } from './test-database';

export type { FunctionResult } from './answers';

export type TestApp = {
  app: ReturnType<typeof createApp>;
  services: Services;
  database: TestDatabase;
  close: () => Promise<void>;
};

export async function createTestApp(
  env: Record<string, string> = {},
  { log }: { log?: Logger } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const config: Config = loadConfig({
    NODE_ENV: 'test',
    AUTH_SECRET: 'test-secret-that-is-long-enough-for-better-auth',
    APP_URL: 'http://localhost:3000',
    WORKER_CONCURRENCY: '0',
    ...env,
  });
  const services = buildServices(config, database, log);
  const app = createApp(services);
  return { app, services, database, close: () => database.drop() };
}

/** A distinct client address per user, so auth rate limits (per address) don't couple unrelated tests. */
export function randomClientAddress(): string {
  const [a, b, c] = randomBytes(3);
  return `10.${a}.${b}.${c}`;
}

export type TestUser = { email: string; password: string; token: string; userId: string; address: string };

export async function authRequest(
  { app }: Pick<TestApp, 'app'>,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  return app.request(`/api/auth${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: 'http://localhost:3000', ...headers },
    body: JSON.stringify(body),
  });
}

/** The cookies a response sets (leaving out the ones it clears), as a Cookie header sends them back. */
export function cookiesOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .filter((c) => !/Max-Age=0/i.test(c))
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** Runs the queued send-mail jobs now (tests run no worker), so the mail is in the dev outbox. */
export async function deliverMail({ services }: Pick<TestApp, 'services'>): Promise<void> {
  await deliverQueuedMail(services.queue.pool, services.mailer);
}

/** The newest link in the dev outbox for an address that contains `fragment`, once queued mail is delivered. */
export async function latestLink(
  testApp: Pick<TestApp, 'services'>,
  to: string,
  fragment: string,
): Promise<string> {
  await deliverMail(testApp);
  const entry = testApp.services.outbox
    ?.list()
    .find((e) => e.to === to && e.links.some((l) => l.includes(fragment)));
  const link = entry?.links.find((l) => l.includes(fragment));
  if (!link) throw new Error(`No mail to ${to} with a link containing ${fragment}`);
  return link;
}

/** Asks for a sign-in code by mail and reads it from the subject of the newest mail to `email`. */
export async function requestSignInCode(
  testApp: Pick<TestApp, 'app' | 'services'>,
  email: string,
  headers: Record<string, string>,
): Promise<string | undefined> {
  await authRequest(testApp, '/email-otp/send-verification-otp', { email, type: 'sign-in' }, headers);
  await deliverMail(testApp);
  return testApp.services.outbox
    ?.list()
    .find((e) => e.to === email)
    ?.subject.match(/(\d{6})/)?.[1];
}

/** Signs up through HTTP, confirms the address with the mailed link and signs in. */
export async function createTestUser(
  testApp: TestApp,
  email = `user-${randomBytes(4).toString('hex')}@example.com`,
): Promise<TestUser> {
  const password = 'correct horse battery staple';
  const address = randomClientAddress();
  const headers = { 'x-forwarded-for': address };
  const signUp = await authRequest(testApp, '/sign-up/email', { email, password, name: 'Test' }, headers);
  if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
  const link = new URL(await latestLink(testApp, email, '/verify-email'));
  const verified = await testApp.app.request(`${link.pathname}${link.search}`, { headers });
  if (verified.status >= 400) throw new Error(`verification failed: ${verified.status}`);
  const signIn = await authRequest(testApp, '/sign-in/email', { email, password }, headers);
  const token = signIn.headers.get('set-auth-token');
  if (!signIn.ok || !token) throw new Error(`sign-in failed: ${signIn.status} ${await signIn.text()}`);
  const { user } = signInAnswer.parse(await signIn.json());
  return { email, password, token, userId: user.id, address };
}

/** What the function helpers post through: the app (or, in the helpers' own tests, a stand-in answering as it). */
export type FunctionApp = { request: (path: string, init: RequestInit) => Response | Promise<Response> };

/**
 * Posts to a function as-is and hands back the raw Response: for the few tests that send a name outside the
 * contract, a body the contract refuses, or read bytes, headers or a 304.
 */
export async function postFunction(
  { app }: { app: FunctionApp },
  name: string,
  body: unknown,
  token?: string,
  headers: Record<string, string> = {},
): Promise<Response> {
  return app.request(`/functions/v1/${name}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** Calls a function with a body the contract accepts, and reads its answer parsed with the contract's schemas. */
export async function callFunction<N extends FunctionName>(
  testApp: { app: FunctionApp },
  name: N,
  body: FunctionRequest<N>,
  token?: string,
  headers: Record<string, string> = {},
): Promise<FunctionResult<N>> {
  return readResult(name, await postFunction(testApp, name, body, token, headers));
}

export type CallFunction = <N extends FunctionName>(
  name: N,
  body: FunctionRequest<N>,
  headers?: Record<string, string>,
) => Promise<FunctionResult<N>>;

/** What setupTestApp hands back; every field is filled in by its beforeAll. */
export type TestAppFixture = {
  app: TestApp;
  /** A signed-in user, unless the fixture was set up with `signedIn: false`. */
  user: TestUser;
  /** callFunction as `user`. */
  call: CallFunction;
};

/**
 * Registers a beforeAll that builds a test app (and a signed-in user) and an afterAll that drops its database.
 * `env` may be a function, read in beforeAll, for values that earlier hooks make (a fake server's URL).
 */
export function setupTestApp({
  env = {},
  log,
  signedIn = true,
}: {
  env?: Record<string, string> | (() => Record<string, string>);
  log?: Logger;
  signedIn?: boolean;
} = {}): TestAppFixture {
  const fixture = {
    call: (name, body, headers) => callFunction(fixture.app, name, body, fixture.user.token, headers),
  } as TestAppFixture;
  beforeAll(async () => {
    fixture.app = await createTestApp(typeof env === 'function' ? env() : env, { log });
    if (signedIn) fixture.user = await createTestUser(fixture.app);
  });
  afterAll(() => fixture.app?.close());
  return fixture;
}
