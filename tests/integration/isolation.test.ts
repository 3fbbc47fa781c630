// Every function that takes a bundle, run, product or image id answers unknown_bundle for another
// workspace's, just as for a missing one: for another user in their own workspace, and for the members of a
// team workspace in every role (a call the role may not make is 403 before its body is read, so it tells
// nothing of the id either).
import { beforeAll, describe, expect, it } from 'vitest';
import { type FunctionName, WORKSPACE_HEADER } from '../../src/common/contract/functions';
import { FUNCTION_CAPABILITY } from '../../src/server/http/function-roles';
import { roleMay } from '../../src/server/leaves/ownership/roles';
import { errorOf } from '../support/answers';
import {
  callFunction,
  createTestUser,
  latestLink,
  postFunction,
  setupTestApp,
  type TestUser,
} from '../support/test-app';

const t = setupTestApp();
let bob: TestUser;
let ids: {
  bundle_id: number;
  workflow_id: number;
  bundle_workflow_id: number;
  product_row_id: number;
  product_id: number;
  image_id: number;
};

// Alice is the fixture's user: `t.call` calls as her.
beforeAll(async () => {
  bob = await createTestUser(t.app);
  const { data: bundle } = await t.call('new-bundle', {
    bundle_name: 'Alice only',
    columns: ['title', 'image_urls'],
    raw_csv: 'Secret Lamp,https://example.com/lamp.jpg',
  });
  const view = await t.call('view-bundle-workflow', {
    bundle_id: bundle.bundle_id,
    workflow_id: bundle.workflow_id,
  });
  const [product] = view.data.products;
  ids = {
    ...bundle,
    product_row_id: product!.id,
    product_id: product!.product_id,
    image_id: product!.image_details![0]!.bundle_workflow_products_image_id,
  };
});

const calls: [string, () => Record<string, unknown>][] = [
  ['view-bundle-workflow', () => ({ bundle_id: ids.bundle_id, workflow_id: ids.workflow_id })],
  ['new-bundle-workflow', () => ({ bundle_id: ids.bundle_id, workflow_id: ids.workflow_id })],
  ['view-bundle-log', () => ({ bundle_workflow_id: ids.bundle_workflow_id })],
  ['view-bundle-log', () => ({ bundle_workflow_id: ids.bundle_workflow_id, product_id: ids.product_id })],
  [
    'update-product-copy',
    () => ({ bundle_workflow_product_id: ids.product_row_id, fields: { page_title: 'Mine now' } }),
  ],
  ['regenerate-products', () => ({ bundle_workflow_id: ids.bundle_workflow_id })],
  [
    'regenerate-products',
    () => ({
      bundle_workflow_id: ids.bundle_workflow_id,
      bundle_workflow_product_ids: [ids.product_row_id],
    }),
  ],
  ['delete-bundle', () => ({ bundle_id: ids.bundle_id })],
  ['compress-images', () => ({ bundle_workflow_id: ids.bundle_workflow_id })],
  [
    'compress-images',
    () => ({
      bundle_workflow_id: ids.bundle_workflow_id,
      bundle_workflow_products_images_ids: [ids.image_id],
    }),
  ],
  ['view-compressed-image', () => ({ bundle_workflow_products_image_id: ids.image_id })],
  ['estimate-cost', () => ({ bundle_id: ids.bundle_id, workflow_id: ids.workflow_id })],
  ['check-export', () => ({ bundle_workflow_id: ids.bundle_workflow_id })],
  ['set-spending-cap', () => ({ bundle_id: ids.bundle_id, spending_cap_usd: 1 })],
  ['list-trials', () => ({ bundle_id: ids.bundle_id })],
];

describe('another user’s ids', () => {
  it.each(calls)('%s answers unknown_bundle for user B', async (name, body) => {
    const response = await postFunction(t.app, name, body(), bob.token, {
      'x-response-format': 'Uint8Array',
    });
    expect(response.status).toBe(404);
    expect((await errorOf(response)).type).toBe('unknown_bundle');
  });

  it('answers the same for a missing id as for another user’s', async () => {
    const missing = await callFunction(
      t.app,
      'view-bundle-workflow',
      { bundle_id: 999_999, workflow_id: 1 },
      bob.token,
    );
    const foreign = await callFunction(
      t.app,
      'view-bundle-workflow',
      { bundle_id: ids.bundle_id, workflow_id: ids.workflow_id },
      bob.token,
    );
    expect(foreign.error?.type).toBe('unknown_bundle');
    expect({ status: missing.status, error: missing.error }).toEqual({
      status: foreign.status,
      error: foreign.error,
    });
  });

  it('left Alice’s bundle untouched', async () => {
    const view = await t.call('view-bundle-workflow', {
      bundle_id: ids.bundle_id,
      workflow_id: ids.workflow_id,
    });
    expect(view.status).toBe(200);
    expect(view.data.products[0]!.page_title).not.toBe('Mine now');
    const list = await callFunction(t.app, 'list-bundles', {}, bob.token);
    expect(list.data.bundles).toEqual([]);
  });
});

const TEAM_ROLES = ['owner', 'editor', 'reviewer', 'viewer'] as const;
const team = {} as Record<(typeof TEAM_ROLES)[number], TestUser>;
let teamWorkspace = '';

describe('another workspace’s ids, for a member of a team in every role', () => {
  beforeAll(async () => {
    team.owner = bob;
    const made = await callFunction(t.app, 'new-workspace', { name: 'Bob’s client' }, bob.token);
    teamWorkspace = made.data.workspace.workspace_id;
    for (const role of ['editor', 'reviewer', 'viewer'] as const) {
      team[role] = await createTestUser(t.app);
      await callFunction(t.app, 'invite-member', { email: team[role].email, role }, bob.token, {
        [WORKSPACE_HEADER]: teamWorkspace,
      });
      const link = new URL(await latestLink(t.app, team[role].email, '/invite?token='));
      const token = link.searchParams.get('token')!;
      expect((await callFunction(t.app, 'accept-invite', { token }, team[role].token)).status).toBe(200);
    }
  }, 60_000);

  it.each(TEAM_ROLES)('as %s', async (role) => {
    for (const [name, body] of calls) {
      const response = await postFunction(t.app, name, body(), team[role].token, {
        'x-response-format': 'Uint8Array',
        [WORKSPACE_HEADER]: teamWorkspace,
      });
      const may = roleMay(role, FUNCTION_CAPABILITY[name as FunctionName]);
      expect(response.status, `${name} as ${role}`).toBe(may ? 404 : 403);
      if (may) expect((await errorOf(response)).type).toBe('unknown_bundle');
    }
  });
});

describe('run views', () => {
  it('answers not_created for a workflow not yet run, then new-bundle-workflow starts it once', async () => {
    const notYet = await t.call('view-bundle-workflow', { bundle_id: ids.bundle_id, workflow_id: 1 });
    expect(notYet.status).toBe(409);
    expect(notYet.error?.type).toBe('not_created');
    const first = await t.call('new-bundle-workflow', { bundle_id: ids.bundle_id, workflow_id: 4 });
    const again = await t.call('new-bundle-workflow', { bundle_id: ids.bundle_id, workflow_id: 4 });
    expect(again.data).toEqual(first.data);
  });

  it('answers unknown_workflow for a workflow that does not exist', async () => {
    const response = await t.call('view-bundle-workflow', { bundle_id: ids.bundle_id, workflow_id: 999 });
    expect(response.status).toBe(404);
    expect(response.error?.type).toBe('unknown_workflow');
  });
});
