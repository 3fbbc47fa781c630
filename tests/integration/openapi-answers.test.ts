// Every function of the contract called for real, and each answer held against what /api/openapi.json
// declares for that operation and status (tests/support/declared-answer.ts): status, media type, headers.
// export-bundle in every format, a 304 of view-bundle-workflow and an Idempotent-Replayed replay too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FUNCTION_NAMES, type FunctionName } from '../../src/common/contract/functions';
import { EXPORT_FORMATS } from '../../src/common/contract/functions/files';
import type { RunningWorker } from '../../src/server/runner/start-worker';
import { differences } from '../support/declared-answer';
import { startTestWorker, waitForRun } from '../support/pipeline';
import { postFunction, setupTestApp } from '../support/test-app';

const t = setupTestApp();
const OFFLINE = 4;
// An id nothing has: the function answers its not-found error, which must be declared too.
const NONE = 999_999;
const BYTES = { 'x-response-format': 'Uint8Array' };

let worker: RunningWorker | undefined;
let ids: { bundle: number; run: number; product: number };

beforeAll(async () => {
  worker = await startTestWorker(t.app);
  const created = await t.call('new-bundle', {
    bundle_name: 'Answers',
    columns: ['title', 'brand', 'price'],
    raw_csv: 'Linen Shirt,Hemma,29.90\nOak Stool,Tre,45.00',
    workflow_id: OFFLINE,
    currency: 'EUR',
  });
  const view = await waitForRun(t.app, t.user.token, created.data.bundle_id, OFFLINE);
  ids = {
    bundle: created.data.bundle_id,
    run: created.data.bundle_workflow_id,
    product: view.products[0]!.id,
  };
});
afterAll(() => worker?.stop());

/** A minimal request for each function, from the run made above. */
function requestOf(name: FunctionName): { body: unknown; headers?: Record<string, string> } {
  const run = { bundle_workflow_id: ids.run };
  const bodies: Record<FunctionName, unknown> = {
    'list-workflows': {},
    'list-models': {},
    'list-bundles': {},
    'estimate-cost': { workflow_id: OFFLINE, bundle_id: ids.bundle },
    'view-bundle-workflow': { bundle_id: ids.bundle, workflow_id: OFFLINE },
    'view-bundle-log': run,
    'view-compressed-image': { bundle_workflow_products_image_id: NONE },
    'export-bundle': { ...run, format: 'csv' },
    'check-export': run,
    'view-product-history': { bundle_workflow_product_id: ids.product },
    'new-workflow': { name: 'Answers', model: 'offline', language: 'en' },
    'update-workflow': { workflow_id: NONE, name: 'x' },
    'delete-workflow': { workflow_id: NONE },
    'new-bundle': { bundle_name: 'Second', columns: ['title'], raw_csv: 'Cup', workflow_id: OFFLINE },
    'set-spending-cap': { bundle_id: ids.bundle, spending_cap_usd: 5 },
    'delete-bundle': { bundle_id: NONE },
    'update-product-copy': { bundle_workflow_product_id: NONE, fields: {} },
    'set-product-review': { bundle_workflow_product_ids: [ids.product], review: 'approved' },
    'set-locked-fields': { bundle_workflow_product_ids: [ids.product], fields: ['heading'], locked: false },
    'restore-product-version': { bundle_workflow_product_id: ids.product, version_id: NONE },
    'set-photo-fact': {
      bundle_workflow_products_image_id: NONE,
      name: 'colour',
      value: 'red',
      accepted: true,
    },
    'new-bundle-workflow': { bundle_id: NONE, workflow_id: OFFLINE },
    'regenerate-products': run,
    'compress-images': run,
    'job-queue-event-loop': { exit_after_seconds: 1 },
    'create-api-key': { name: 'answers', scopes: ['read'] },
    'list-api-keys': {},
    'revoke-api-key': { api_key_id: NONE },
    'create-webhook': { url: 'http://127.0.0.1:9/hook', events: ['run.completed'] },
    'list-webhooks': {},
    'delete-webhook': { webhook_id: NONE },
    'test-webhook': { webhook_id: NONE },
    'set-bundle-currency': { bundle_id: ids.bundle, currency: 'EUR' },
    'import-search-data': { bundle_id: NONE, text: 'x' },
    'set-ctr-curve': { bundle_id: ids.bundle, curve: null },
    'view-search-priorities': { bundle_id: ids.bundle },
    'view-search-report': { bundle_id: ids.bundle },
    'view-spend': {},
    'connect-store': { platform: 'shopify', shop: 'x.myshopify.com', access_token: 'x' },
    'disconnect-store': { store_id: NONE },
    'list-stores': {},
    'import-store': { store_id: NONE, bundle_name: 'Store' },
    'preview-push': { store_id: NONE, ...run },
    'view-push': { push_id: NONE },
    'push-to-store': { store_id: NONE, ...run },
    'undo-push': { push_id: NONE },
    'start-trial': { bundle_id: NONE, workflow_ids: [OFFLINE, OFFLINE + 1] },
    'view-trial': { trial_id: NONE },
    'list-trials': { bundle_id: ids.bundle },
    'list-workspaces': {},
    'new-workspace': { name: 'Answers client' },
    'set-workspace-settings': { require_other_reviewer: false },
    'list-members': {},
    'invite-member': { email: 'answers-invitee@example.com', role: 'viewer' },
    'accept-invite': { token: 'not-an-invitation-token-at-all' },
    'set-member': { user_id: 'nobody', role: 'viewer' },
    'remove-member': { user_id: 'nobody' },
    'list-audit-events': {},
  };
  return {
    body: bodies[name],
    headers: name === 'export-bundle' || name === 'view-compressed-image' ? BYTES : {},
  };
}

// The agent feed names its seller, which no store file holds.
const AGENT_FEED_SELLER = {
  seller: {
    name: 'Example Shop',
    privacy_policy_url: 'https://shop.example/policies/privacy',
    terms_of_service_url: 'https://shop.example/policies/terms',
    refund_policy_url: 'https://shop.example/policies/refunds',
  },
};

const call = (name: string, body: unknown, headers: Record<string, string> = {}) =>
  postFunction(t.app, name, body, t.user.token, headers);

describe('every answer is the one the document declares', () => {
  it.each(FUNCTION_NAMES)('%s', async (name) => {
    const { body, headers } = requestOf(name);
    const response = await call(name, body, headers);
    expect(response.status, await response.clone().text()).toBeLessThan(500);
    expect(differences(name, response)).toEqual([]);
  });

  it.each(EXPORT_FORMATS)('export-bundle as %s', async (format) => {
    const response = await call(
      'export-bundle',
      { bundle_workflow_id: ids.run, format, ...(format === 'agent-feed' ? AGENT_FEED_SELLER : {}) },
      BYTES,
    );
    expect(response.status).toBe(200);
    expect(differences('export-bundle', response)).toEqual([]);
  });

  it('a 304 of view-bundle-workflow with If-None-Match', async () => {
    const body = { bundle_id: ids.bundle, workflow_id: OFFLINE };
    const first = await call('view-bundle-workflow', body);
    const etag = first.headers.get('etag')!;
    const again = await call('view-bundle-workflow', body, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(differences('view-bundle-workflow', again)).toEqual([]);
  });

  it('an Idempotent-Replayed replay of new-bundle', async () => {
    const body = { bundle_name: 'Once', columns: ['title'], raw_csv: 'Mug', workflow_id: OFFLINE };
    const key = { 'idempotency-key': `answers-${Date.now()}` };
    expect((await call('new-bundle', body, key)).status).toBe(200);
    const replay = await call('new-bundle', body, key);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(differences('new-bundle', replay)).toEqual([]);
  });

  it('fails an answer the document does not declare', () => {
    const stray = new Response('x', { status: 418, headers: { 'content-type': 'text/plain' } });
    expect(differences('list-bundles', stray)).toEqual(['list-bundles: status 418 is not declared']);
    const undeclared = new Response('{}', { headers: { 'content-type': 'application/json', etag: '"1"' } });
    expect(differences('list-bundles', undeclared)).toEqual(['list-bundles 200: etag sent but not declared']);
  });
});
