// Functions refuse cross-site cookie calls, ask who is calling before anything else, and answer bad text and
// out-of-range ids with 400 bad_input; the dev outbox answers only this machine; production's session cookie
// is Secure even where APP_URL is http behind a TLS proxy.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FunctionRequest } from '../../src/common/contract/functions';
import { user as users } from '../../src/server/db/schema';
import { errorOf } from '../support/answers';
import {
  authRequest,
  createTestApp,
  postFunction,
  randomClientAddress,
  setupTestApp,
} from '../support/test-app';

const t = setupTestApp();
let sessionCookie: string;
beforeAll(async () => {
  const { user } = t;
  const signIn = await authRequest(
    t.app,
    '/sign-in/email',
    { email: user.email, password: user.password },
    { 'x-forwarded-for': user.address },
  );
  sessionCookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  expect(sessionCookie).toMatch(/session_token=/);
});

const columns = ['title', 'brand'];
function newBundle(raw_csv = 'Oak chair,Nordhaus', extra: Partial<FunctionRequest<'new-bundle'>> = {}) {
  return t.call('new-bundle', { bundle_name: 'Chairs', columns, raw_csv, ...extra });
}
async function bundleCount(): Promise<number> {
  const { rows } = await t.app.database.pool.query('select count(*)::int as n from bundles');
  return rows[0].n;
}

/** A cookie-only call, as a browser on another page would send it. */
function cookieCall(name: string, body: string, headers: Record<string, string>) {
  return t.app.app.request(`/functions/v1/${name}`, {
    method: 'POST',
    headers: { cookie: sessionCookie, ...headers },
    body,
  });
}

describe('cross-site calls', () => {
  it('refuses a cookie-only text/plain delete-bundle from another origin, and the bundle stays', async () => {
    const { bundle_id } = (await newBundle()).data;
    const attack = await cookieCall('delete-bundle', JSON.stringify({ bundle_id }), {
      origin: 'http://attacker.example',
      'content-type': 'text/plain',
    });
    expect(attack.status).toBe(403);
    expect((await errorOf(attack)).message).toMatch(/Origin "http:\/\/attacker.example" is not/);
    const { rows } = await t.app.database.pool.query('select id from bundles where id = $1', [bundle_id]);
    expect(rows).toHaveLength(1);

    // The app's own origin, but a body a plain form could send: still refused.
    const formPost = await cookieCall('delete-bundle', JSON.stringify({ bundle_id }), {
      origin: 'http://localhost:3000',
      'content-type': 'text/plain',
    });
    expect(formPost.status).toBe(403);
    expect((await errorOf(formPost)).message).toMatch(/Content-Type: application\/json/);
    // No Origin at all: refused.
    const noOrigin = await cookieCall('list-bundles', '{}', { 'content-type': 'application/json' });
    expect(noOrigin.status).toBe(403);
  });

  it('accepts the cookie from the app itself, and a bearer token from anywhere', async () => {
    const own = await cookieCall('list-bundles', '{}', {
      origin: 'http://localhost:3000',
      'content-type': 'application/json; charset=utf-8',
    });
    expect(own.status).toBe(200);
    const bearer = await t.call('list-bundles', {}, { origin: 'http://attacker.example' });
    expect(bearer.status).toBe(200);
  });
});

describe('order of checks', () => {
  it('answers an unknown function without a token with 401, and with one with 400', async () => {
    const anonymous = await postFunction(t.app, 'no-such-function', {});
    expect(anonymous.status).toBe(401);
    expect(await anonymous.text()).not.toMatch(/no-such-function/);
    const signedIn = await postFunction(t.app, 'no-such-function', {}, t.user.token);
    expect(signedIn.status).toBe(400);
    expect((await errorOf(signedIn)).type).toBe('bad_input');
  });
});

describe('bad text and ids', () => {
  it('new-bundle with a NUL in a product title: 400 naming the row and column, nothing stored', async () => {
    const before = await bundleCount();
    const response = await newBundle('title,brand\nOak chair,Nordhaus\nPine\u0000 table,Nordhaus');
    expect(response.status).toBe(400);
    const error = response.error!;
    expect(error.type).toBe('bad_input');
    expect(error.message).toMatch(/^Row 2, column title contains a NUL character/);
    expect(await bundleCount()).toBe(before);
  });

  it('names a lone surrogate in a product field, and NULs in the bundle name and keywords', async () => {
    const surrogate = await newBundle('Oak chair,Nord\uD800haus');
    expect(surrogate.status).toBe(400);
    expect(surrogate.error?.message).toMatch(/^Row 1, column brand contains a lone surrogate/);

    const name = await newBundle(undefined, { bundle_name: 'Chairs\u0000' });
    expect(name.status).toBe(400);
    expect(name.error?.message).toMatch(/^bundle_name contains a NUL character/);

    const keywords = await newBundle(undefined, {
      custom_fields: { keywords: 'oak\u0000', url_template: '', business_type: '', tone_of_voice: '' },
    });
    expect(keywords.status).toBe(400);
    expect(keywords.error?.message).toMatch(/^custom_fields.keywords contains a NUL/);
  });

  it('refuses ids above 2147483647 with bad_input naming the field', async () => {
    const response = await t.call('view-bundle-workflow', { bundle_id: 2_147_483_648, workflow_id: 1 });
    expect(response.status).toBe(400);
    const error = response.error!;
    expect(error.type).toBe('bad_input');
    expect(error.message).toMatch(/bundle_id/);
    const largest = await t.call('view-bundle-workflow', { bundle_id: 2_147_483_647, workflow_id: 1 });
    expect(largest.status).toBe(404);
  });

  it('refuses a NUL in auth input with 400 rather than a database error', async () => {
    const signUp = await authRequest(
      t.app,
      '/sign-up/email',
      { email: 'nul@example.com', password: 'correct horse battery staple', name: 'Nul\u0000' },
      { 'x-forwarded-for': randomClientAddress() },
    );
    expect(signUp.status).toBe(400);
    expect(await signUp.json()).toMatchObject({ message: expect.stringMatching(/^name contains a NUL/) });
  });
});

describe('dev outbox', () => {
  const fromAddress = (remoteAddress: string) => ({ incoming: { socket: { remoteAddress } } });

  it('answers loopback clients, with a warning banner, and no one else', async () => {
    const local = await t.app.app.request('/dev/outbox', {}, fromAddress('127.0.0.1'));
    expect(local.status).toBe(200);
    expect(await local.text()).toMatch(/class="warning" role="alert"><strong>Development only.<\/strong>/);
    expect((await t.app.app.request('/dev/outbox.json', {}, fromAddress('::1'))).status).toBe(200);

    for (const address of ['192.0.2.10', '::ffff:192.0.2.10', '10.0.0.1']) {
      const remote = await t.app.app.request('/dev/outbox.json', {}, fromAddress(address));
      expect(remote.status).toBe(403);
    }
    // X-Forwarded-For is the client's own word: it cannot make a remote client local.
    const forged = await t.app.app.request(
      '/dev/outbox.json',
      { headers: { 'x-forwarded-for': '127.0.0.1' } },
      fromAddress('192.0.2.10'),
    );
    expect(forged.status).toBe(403);
  });

  it('is never served in production', async () => {
    const production = await createTestApp({ NODE_ENV: 'production', TRUST_PROXY: 'true' });
    try {
      expect(production.services.outbox).toBeUndefined();
      const response = await production.app.request('/dev/outbox.json', {}, fromAddress('127.0.0.1'));
      expect(response.status).toBe(404);
    } finally {
      await production.close();
    }
  });
});

describe('the session cookie in production', () => {
  it('is Secure although APP_URL is http (behind a TLS-terminating proxy)', async () => {
    const production = await createTestApp({ NODE_ENV: 'production', TRUST_PROXY: 'true' });
    try {
      const email = 'secure-cookie@example.com';
      const password = 'correct horse battery staple';
      const headers = { 'x-forwarded-for': randomClientAddress() };
      const signUp = await authRequest(production, '/sign-up/email', { email, password, name: 'S' }, headers);
      expect(signUp.status).toBe(200);
      // Production sends mail over SMTP, which this test has none of: the address is confirmed in the database.
      await production.services.db.update(users).set({ emailVerified: true }).where(eq(users.email, email));
      const signIn = await authRequest(production, '/sign-in/email', { email, password }, headers);
      expect(signIn.status).toBe(200);
      const session = signIn.headers.getSetCookie().find((c) => /session_token=/.test(c));
      expect(session).toBeDefined();
      expect(session).toMatch(/;\s*Secure/i);
      // The API document names the cookie as this server sets it.
      const document = await (await production.app.request('/api/openapi.json')).text();
      const name = session!.slice(0, session!.indexOf('='));
      expect(name).toBe('__Secure-better-auth.session_token');
      expect(document).toContain(`"name":"${name}"`);
    } finally {
      await production.close();
    }
  });

  it('is as it was for development on http://localhost: not Secure, so the browser sends it back', async () => {
    const { user } = t;
    const signIn = await authRequest(
      t.app,
      '/sign-in/email',
      { email: user.email, password: user.password },
      { 'x-forwarded-for': user.address },
    );
    const session = signIn.headers.getSetCookie().find((c) => /session_token=/.test(c));
    expect(session).not.toMatch(/;\s*Secure/i);
  });
});
