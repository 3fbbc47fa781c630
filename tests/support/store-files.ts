// What the store-file tests share: a store export made into a bundle and run by the built-in writer, and one of
// its export files downloaded as bytes and text.
import { expect } from 'vitest';
import type { BundleWorkflowProduct } from '../../src/common/contract/entities';
import { readFixture } from './fixture-path';
import { waitForRun } from './pipeline';
import { postFunction, type TestAppFixture } from './test-app';

/** The built-in writer's workflow: copy written offline, no provider. */
export const OFFLINE_WORKFLOW = 4;

export type StoreBundle = { bundleId: number; runId: number; products: BundleWorkflowProduct[] };

/** Imports the fixture `file` as a store export and waits for the built-in writer's run to finish. */
export async function importStoreExport(
  t: TestAppFixture,
  format: 'shopify' | 'woocommerce',
  file: string,
  currency?: string,
): Promise<StoreBundle> {
  const created = await t.call('new-bundle', {
    bundle_name: file,
    store_export: { format, text: readFixture(file) },
    workflow_id: OFFLINE_WORKFLOW,
    // These files are about writing our copy back; a store file with SEO copy would otherwise keep it.
    fill_empty_only: false,
    ...(currency ? { currency } : {}),
  });
  expect(created.status).toBe(200);
  const run = await waitForRun(t.app, t.user.token, created.data.bundle_id, OFFLINE_WORKFLOW);
  return { bundleId: created.data.bundle_id, runId: created.data.bundle_workflow_id, products: run.products };
}

/** export-bundle of `bundle` in `format`, as bytes and as text. */
export async function exportStoreFile(
  t: TestAppFixture,
  bundle: StoreBundle,
  format: string,
  extra: Record<string, unknown> = {},
) {
  const response = await postFunction(
    t.app,
    'export-bundle',
    { bundle_workflow_id: bundle.runId, format, ...extra },
    t.user.token,
    { 'x-response-format': 'Uint8Array' },
  );
  const bytes = new Uint8Array(await response.arrayBuffer());
  return { response, bytes, text: new TextDecoder().decode(bytes) };
}
