import { beforeAll, describe, expect, it } from 'vitest';
import { FUNCTION_NAMES } from '../../src/common/contract/functions';
import { bundles, bundleWorkflowProducts, bundleWorkflows, products } from '../../src/server/db/schema';
import { answerOf, errorOf } from '../support/answers';
import {
  callFunction,
  createTestApp,
  createTestUser,
  postFunction,
  setupTestApp,
  type TestUser,
} from '../support/test-app';

const t = setupTestApp();
let alice: TestUser;
let bob: TestUser;
beforeAll(async () => {
  alice = t.user;
  bob = await createTestUser(t.app);
});

describe('server functions', () => {
  it.each(FUNCTION_NAMES)('%s answers 401 without a token', async (name) => {
    // An empty body, which some functions refuse: the session is checked first.
    const response = await postFunction(t.app, name, {});
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      error: { type: 'unauthorized', message: 'Sign in to continue.' },
    });
  });

  it.each(FUNCTION_NAMES)('%s answers 401 with the token of a signed-out session', async (name) => {
    const user = await createTestUser(t.app);
    const signOut = await t.app.app.request('/api/auth/sign-out', {
      method: 'POST',
      headers: { authorization: `Bearer ${user.token}`, origin: 'http://localhost:3000' },
    });
    expect(signOut.status).toBe(200);
    const response = await postFunction(t.app, name, {}, user.token);
    expect(response.status).toBe(401);
  });

  it('answers 401 for a forged token', async () => {
    const response = await callFunction(t.app, 'list-bundles', {}, `${alice.token.slice(0, -4)}AAAA`);
    expect(response.status).toBe(401);
  });

  it('lists the seeded workflows, with AI workflows unavailable without an API key', async () => {
    // No body at all: a function without input needs none.
    const response = await postFunction(t.app, 'list-workflows', undefined, alice.token);
    expect(response.status).toBe(200);
    const { workflows } = await answerOf('list-workflows', response);
    expect(workflows.map((w) => w.model)).toEqual([
      'gpt-3.5-turbo',
      'gpt-4',
      'gpt-4-1106-preview',
      'offline',
      'gpt-4o-mini',
      'gpt-4.1-mini',
    ]);
    expect(workflows.filter((w) => w.is_available).map((w) => w.name)).toEqual(['Built-in writer (no AI)']);
  });

  it('list-bundles returns only the caller’s bundles, each with its workflows', async () => {
    const db = t.app.database.db;
    const [aliceBundle] = await db
      .insert(bundles)
      .values({ ownerId: alice.userId, name: 'Alice shoes', columns: ['title'], customFields: emptyFields })
      .returning();
    const [bobBundle] = await db
      .insert(bundles)
      .values({ ownerId: bob.userId, name: 'Bob hats', columns: ['title'], customFields: emptyFields })
      .returning();
    await db.insert(bundleWorkflows).values([
      { bundleId: aliceBundle!.id, workflowId: 4 },
      { bundleId: bobBundle!.id, workflowId: 4 },
    ]);

    const response = await callFunction(t.app, 'list-bundles', {}, alice.token);
    expect(response.status).toBe(200);
    const body = response.data;
    expect(body.bundles.map((b) => b.name)).toEqual(['Alice shoes']);
    expect(body.bundles[0]).toMatchObject({ id: aliceBundle!.id, progress: 100 });
    expect(body.bundles[0]!.workflows).toEqual([
      expect.objectContaining({ workflow_id: 4, progress: 100, created_at: expect.any(String) }),
    ]);
  });

  it("gives a bundle its latest run's progress, not an average over its runs", async () => {
    const db = t.app.database.db;
    const [bundle] = await db
      .insert(bundles)
      .values({ ownerId: alice.userId, name: 'Alice lamps', columns: ['title'], customFields: emptyFields })
      .returning();
    const [product] = await db
      .insert(products)
      .values({ bundleId: bundle!.id, position: 1, details: { product_name: 'Lamp' } })
      .returning();
    const [finished] = await db
      .insert(bundleWorkflows)
      .values({ bundleId: bundle!.id, workflowId: 4 })
      .returning();
    const [started] = await db
      .insert(bundleWorkflows)
      .values({ bundleId: bundle!.id, workflowId: 1 })
      .returning();
    await db.insert(bundleWorkflowProducts).values([
      { bundleWorkflowId: finished!.id, productId: product!.id, progress: 100, status: 'done' },
      { bundleWorkflowId: started!.id, productId: product!.id, progress: 0, status: 'queued' },
    ]);

    const response = await callFunction(t.app, 'list-bundles', {}, alice.token);
    const summary = response.data.bundles.find((b) => b.id === bundle!.id);
    expect(summary?.workflows.map((w) => w.progress)).toEqual([100, 0]);
    expect(summary?.progress).toBe(0);
  });

  it('answers 400 bad_input when the body fails its schema', async () => {
    const response = await postFunction(t.app, 'view-bundle-workflow', { bundle_id: 'one' }, alice.token);
    expect(response.status).toBe(400);
    const error = await errorOf(response);
    expect(error.type).toBe('bad_input');
    expect(error.message).toMatch(/bundle_id/);
  });

  it('answers 400 bad_input for a body that is not JSON', async () => {
    const response = await t.app.app.request('/functions/v1/list-bundles', {
      method: 'POST',
      headers: { authorization: `Bearer ${alice.token}`, 'content-type': 'application/json' },
      body: '{not json',
    });
    expect(response.status).toBe(400);
    expect((await errorOf(response)).type).toBe('bad_input');
  });

  it('sets security headers', async () => {
    const response = await t.app.app.request('/api/health');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });
});

const emptyFields = { keywords: '', url_template: '', business_type: '', tone_of_voice: '' };

describe('social sign-in', () => {
  it('offers no social provider by default', async () => {
    const response = await t.app.app.request('/api/auth-providers');
    expect(await response.json()).toEqual({ social: [] });
  });

  it('offers a provider once its credentials are configured', async () => {
    const withGithub = await createTestApp({ GITHUB_CLIENT_ID: 'id', GITHUB_CLIENT_SECRET: 'secret' });
    try {
      const response = await withGithub.app.request('/api/auth-providers');
      expect(await response.json()).toEqual({ social: ['github'] });
    } finally {
      await withGithub.close();
    }
  });
});
