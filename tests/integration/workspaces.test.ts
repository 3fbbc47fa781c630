// Teams, end to end over HTTP: an owner makes a client's workspace and invites an editor, a reviewer, a viewer
// and a second reviewer by mail; the editor connects a WooCommerce fake and imports it (through an API key of
// the workspace, which acts as them); the reviewer approves and pushes; the viewer reads and exports and every
// write of theirs is 403 naming the role; a user of another workspace gets 404 for every id of this one. Then
// the other-reviewer rule, removing a member (their next call 403, their keys 401, their bundle kept) and the
// audit log, which holds none of the secrets the journey used.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FunctionName, WORKSPACE_HEADER } from '../../src/common/contract/functions';
import type { RunningWorker } from '../../src/server/runner/start-worker';
import { type FakeWooCommerce, startFakeWooCommerce } from '../support/fake-woocommerce';
import { startTestWorker, waitForRun } from '../support/pipeline';
import { wooCommerceCatalogue } from '../support/store-catalogues';
import {
  type CallFunction,
  callFunction,
  createTestUser,
  latestLink,
  postFunction,
  setupTestApp,
  type TestUser,
} from '../support/test-app';
import { waitForPush } from '../support/wait-for-push';

const SECRET = 'cs_workspace_secret_0123456789abcdef';
let woo: FakeWooCommerce;
let worker: RunningWorker | undefined;
beforeAll(async () => {
  woo = await startFakeWooCommerce(wooCommerceCatalogue(2), { consumerKey: 'ck_ws', consumerSecret: SECRET });
});
afterAll(() => woo?.close());
const t = setupTestApp({ env: () => ({ ALLOW_PRIVATE_STORE_HOSTS: woo.hostPort }) });
beforeAll(async () => {
  worker = await startTestWorker(t.app, 2);
});
afterAll(() => worker?.stop());

type Person = TestUser & { call: CallFunction; inWorkspace: CallFunction };
const people = {} as Record<'owner' | 'editor' | 'reviewer' | 'second' | 'viewer' | 'outsider', Person>;
let workspaceId = '';
const secrets: string[] = [SECRET];
const state = { bundleId: 0, workflowId: 0, runId: 0, storeId: 0, productIds: [] as number[], editorKey: '' };

function person(user: TestUser): Person {
  return {
    ...user,
    call: (name, body, headers) => callFunction(t.app, name, body, user.token, headers),
    inWorkspace: (name, body, headers) =>
      callFunction(t.app, name, body, user.token, { [WORKSPACE_HEADER]: workspaceId, ...headers }),
  };
}

async function join(role: 'editor' | 'reviewer' | 'viewer', who: Person): Promise<void> {
  const invited = await people.owner.inWorkspace('invite-member', { email: who.email, role });
  expect(invited.status).toBe(200);
  const token = new URL(await latestLink(t.app, who.email, '/invite?token=')).searchParams.get('token')!;
  secrets.push(token);
  const accepted = await who.call('accept-invite', { token });
  expect(accepted.status).toBe(200);
  expect(accepted.data.workspace).toMatchObject({ workspace_id: workspaceId, role });
  // The link works once.
  expect((await who.call('accept-invite', { token })).status).toBe(400);
}

beforeAll(async () => {
  people.owner = person(t.user);
  for (const name of ['editor', 'reviewer', 'second', 'viewer', 'outsider'] as const) {
    people[name] = person(await createTestUser(t.app));
    secrets.push(people[name].token, people[name].password);
  }
  const made = await people.owner.call('new-workspace', { name: 'Client A' });
  workspaceId = made.data.workspace.workspace_id;
  await join('editor', people.editor);
  await join('reviewer', people.reviewer);
  await join('reviewer', people.second);
  await join('viewer', people.viewer);
}, 120_000);

describe('a workspace with an editor, reviewers and a viewer', () => {
  it('the editor connects a store and imports it with a key of the workspace, which acts as them', async () => {
    const key = await people.editor.inWorkspace('create-api-key', {
      name: 'import',
      scopes: ['read', 'write', 'run', 'push'],
    });
    state.editorKey = key.data.key;
    secrets.push(key.data.key);
    const store = await people.editor.inWorkspace('connect-store', {
      platform: 'woocommerce',
      store_url: woo.origin,
      consumer_key: 'ck_ws',
      consumer_secret: SECRET,
    });
    expect(store.status).toBe(200);
    state.storeId = store.data.store.id;
    const asKey = (name: FunctionName, body: unknown) => postFunction(t.app, name, body, state.editorKey);
    const imported = await (
      await asKey('import-store', { store_id: state.storeId, bundle_name: 'Client A shop' })
    ).json();
    Object.assign(state, {
      bundleId: imported.bundle_id,
      workflowId: imported.workflow_id,
      runId: imported.bundle_workflow_id,
    });
    const run = await waitForRun(t.app, state.editorKey, state.bundleId, state.workflowId);
    expect(run.totals.done).toBe(run.totals.total);
    state.productIds = run.products.map((product) => product.id);
    // The editor may not push: that is a reviewer's.
    const push = await asKey('push-to-store', { store_id: state.storeId, bundle_workflow_id: state.runId });
    expect(push.status).toBe(403);
    expect(await push.text()).toContain('editor');
  }, 120_000);

  it('the reviewer sees the bundle, approves it and pushes it to the store', async () => {
    const bundles = await people.reviewer.inWorkspace('list-bundles', {});
    expect(bundles.data.bundles.map((bundle) => bundle.id)).toContain(state.bundleId);
    const approved = await people.reviewer.inWorkspace('set-product-review', {
      bundle_workflow_product_ids: state.productIds,
      review: 'approved',
    });
    expect(approved.data.updated).toBe(state.productIds.length);
    const pushed = await people.reviewer.inWorkspace('push-to-store', {
      store_id: state.storeId,
      bundle_workflow_id: state.runId,
    });
    expect(pushed.status).toBe(200);
    const view = await waitForPush({ call: people.reviewer.inWorkspace }, pushed.data.push_id);
    expect(view.state).toBe('done');
    expect(view.done).toBeGreaterThan(0);
  }, 60_000);

  it('the viewer reads and exports, and every write answers 403 naming the role', async () => {
    expect((await people.viewer.inWorkspace('list-bundles', {})).data.bundles).toHaveLength(1);
    const exported = await postFunction(
      t.app,
      'export-bundle',
      { bundle_workflow_id: state.runId, format: 'csv' },
      people.viewer.token,
      { [WORKSPACE_HEADER]: workspaceId, 'x-response-format': 'Uint8Array' },
    );
    expect(exported.status).toBe(200);
    const writes = [
      people.viewer.inWorkspace('new-bundle', { bundle_name: 'x', columns: ['title'], raw_csv: 'Cup' }),
      people.viewer.inWorkspace('update-product-copy', {
        bundle_workflow_product_id: state.productIds[0]!,
        fields: { page_title: 'Mine' },
      }),
      people.viewer.inWorkspace('set-product-review', {
        bundle_workflow_product_ids: state.productIds,
        review: 'rejected',
      }),
      people.viewer.inWorkspace('push-to-store', {
        store_id: state.storeId,
        bundle_workflow_id: state.runId,
      }),
      people.viewer.inWorkspace('delete-bundle', { bundle_id: state.bundleId }),
      people.viewer.inWorkspace('invite-member', { email: 'friend@example.com', role: 'owner' }),
    ];
    for (const answer of await Promise.all(writes)) {
      expect(answer.status).toBe(403);
      expect(answer.error?.message).toMatch(/Your role in this workspace is viewer: [\w-]+ needs the/);
    }
  });

  it('a user of another workspace gets 404 for every id of this one, and for the workspace itself', async () => {
    const outsider = people.outsider;
    const answers = await Promise.all([
      outsider.call('view-bundle-workflow', { bundle_id: state.bundleId, workflow_id: state.workflowId }),
      outsider.call('view-bundle-log', { bundle_workflow_id: state.runId }),
      outsider.call('set-product-review', {
        bundle_workflow_product_ids: state.productIds,
        review: 'rejected',
      }),
      outsider.call('import-store', { store_id: state.storeId, bundle_name: 'stolen' }),
      outsider.call('list-bundles', {}, { [WORKSPACE_HEADER]: workspaceId }),
      outsider.call('list-audit-events', {}, { [WORKSPACE_HEADER]: workspaceId }),
    ]);
    for (const answer of answers.slice(0, 4)) expect(answer.status).toBe(404);
    for (const answer of answers.slice(4)) expect(answer.error?.type).toBe('unknown_workspace');
    expect((await outsider.call('list-bundles', {})).data.bundles).toEqual([]);
  });
});

describe('approval by another reviewer', () => {
  it('the person who last edited a product cannot approve it; another reviewer can', async () => {
    const [first, second] = state.productIds;
    // Before the rule: the owner edits and approves one product; turning the rule on reopens it.
    await people.owner.inWorkspace('update-product-copy', {
      bundle_workflow_product_id: second!,
      fields: { page_title: 'Approved by its own editor' },
    });
    await people.owner.inWorkspace('set-product-review', {
      bundle_workflow_product_ids: [second!],
      review: 'approved',
    });
    const settings = await people.owner.inWorkspace('set-workspace-settings', {
      require_other_reviewer: true,
    });
    expect(settings.data.workspace.require_other_reviewer).toBe(true);
    const reopened = await people.owner.inWorkspace('view-bundle-workflow', {
      bundle_id: state.bundleId,
      workflow_id: state.workflowId,
    });
    expect(reopened.data.products.find((p) => p.id === second)?.review_state).toBe('pending');

    await people.owner.inWorkspace('update-product-copy', {
      bundle_workflow_product_id: first!,
      fields: { page_title: 'Edited by the owner' },
    });
    const own = await people.owner.inWorkspace('set-product-review', {
      bundle_workflow_product_ids: [first!],
      review: 'approved',
    });
    expect(own.status).toBe(403);
    expect(own.error?.message).toContain('someone other than its last editor');
    const other = await people.second.inWorkspace('set-product-review', {
      bundle_workflow_product_ids: [first!, second!],
      review: 'approved',
    });
    expect(other.data.updated).toBe(2);
    // The review shows who edited and who approved.
    const view = await people.viewer.inWorkspace('view-bundle-workflow', {
      bundle_id: state.bundleId,
      workflow_id: state.workflowId,
    });
    const shown = view.data.products.find((p) => p.id === first);
    expect(shown).toMatchObject({ edited_by: 'Test', reviewed_by: 'Test', review_state: 'approved' });
    expect(Date.parse(shown?.reviewed_at ?? '')).not.toBeNaN();
    const untouched = view.data.products.find((p) => !state.productIds.slice(0, 2).includes(p.id));
    expect(untouched?.edited_by ?? null).toBeNull();
  });
});

describe('removing a member', () => {
  it('their next call answers 403, their API keys stop working, and nothing they made is lost', async () => {
    expect((await postFunction(t.app, 'list-bundles', {}, state.editorKey)).status).toBe(200);
    const removed = await people.owner.inWorkspace('remove-member', { user_id: people.editor.userId });
    expect(removed.data).toEqual({ removed: true, api_keys_revoked: 1 });
    const next = await people.editor.inWorkspace('list-bundles', {});
    expect(next.status).toBe(403);
    expect(next.error?.message).toContain('no longer a member');
    expect((await postFunction(t.app, 'list-bundles', {}, state.editorKey)).status).toBe(401);
    const kept = await people.owner.inWorkspace('list-bundles', {});
    expect(kept.data.bundles.map((bundle) => bundle.id)).toEqual([state.bundleId]);
    const workspaces = await people.editor.call('list-workspaces', {});
    expect(workspaces.data.workspaces.map((w) => w.workspace_id)).not.toContain(workspaceId);
  });
});

describe('the audit log', () => {
  it('lists who did what to what and when, and holds no secret', async () => {
    const log = await people.reviewer.inWorkspace('list-audit-events', {});
    const actions = log.data.events.map((event) => event.action);
    for (const action of [
      'workspace.created',
      'member.invited',
      'member.joined',
      'api_key.created',
      'store.connected',
      'review.approved',
      'push.started',
      'export.downloaded',
      'workspace.settings_changed',
      'member.removed',
    ]) {
      expect(actions, action).toContain(action);
    }
    for (const event of log.data.events) {
      expect(event.actor).not.toBe('');
      expect(event.target).not.toBe('');
      expect(Date.parse(event.created_at)).not.toBeNaN();
    }
    const byKey = log.data.events.find((event) => event.action === 'store.connected');
    expect(byKey?.api_key_prefix).toBeNull();
    const everything = JSON.stringify((await t.app.database.pool.query('select * from audit_events')).rows);
    for (const secret of secrets) expect(everything).not.toContain(secret);
  });
});
