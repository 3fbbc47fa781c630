// The assertions of the push journey (push-flow.ts sets it up), the same for every real store: what differs is
// the SEO plugin, so where SEO meta goes (or that none is written and the preview says so).
import { expect } from 'vitest';
import { waitForPush } from '../../support/wait-for-push';
import { connectAndImport, editInStore, type FlowContext, SEO_KEYS, storedField } from './push-flow';
import {
  copyOf,
  productPage,
  type RealStoreName,
  realStore,
  storedCatalogue,
  visibleText,
} from './real-stores';

const TEA = 'loose-leaf-tea-sampler';
const MUG = 'ceramic-pour-over-mug';
/** What Yoast changes on save (line breaks, tabs, runs of spaces): the push must store it as Yoast would. */
const UNTIDY_META =
  'Hand-thrown stoneware mug\nwith a built-in\tpour-over  cone: brew one cup straight into it, then drink. Holds 350 ml, 100%AB dishwasher safe.';

export async function pushJourney(flow: FlowContext, name: RealStoreName): Promise<void> {
  // Yoast's sanitize_text_field drops every "%" + two hex digits from its meta (UNTIDY_META has one), then
  // the double space that leaves; Rank Math and WooCommerce keep what they are sent.
  const keptOf = (field: string, wrote: string) =>
    name === 'yoast' && field.startsWith('seo_')
      ? wrote.replace(/%[0-9a-f]{2}/gi, '').replace(/ {2,}/g, ' ')
      : wrote;
  const { t } = flow;
  const store = realStore(name);
  const before = await storedCatalogue(store);
  expect(before.size).toBe(9);
  const imported = await connectAndImport(flow, name);

  // Every product and variation, with the store's ids.
  expect(new Set(imported.rows.map((r) => `${r.remote_product_id}|${r.remote_variant_id ?? ''}`))).toEqual(
    new Set(before.keys()),
  );
  // Pages in id order, so that they do not shift while the store changes during the import.
  const pages = (flow.proxy()?.paths ?? []).filter((path) => /[?&]page=/.test(path));
  if (flow.proxy()) expect(pages.length).toBeGreaterThanOrEqual(2);
  for (const path of pages) expect(path).toMatch(/orderby=id&order=asc/);
  const idOf = (slug: string) => [...before].find(([, item]) => item.slug === slug)![0];
  const bwpOf = (key: string) => [...imported.keyOf].find(([, k]) => k === key)![0];
  const mug = bwpOf(idOf(MUG));
  const edited = await t.call('update-product-copy', {
    bundle_workflow_product_id: mug,
    fields: { meta_description: UNTIDY_META },
  });
  expect(edited.status, JSON.stringify(edited.error)).toBe(200);
  await t.call('set-product-review', {
    bundle_workflow_product_ids: [...imported.keyOf.keys()],
    review: 'approved',
  });

  const pushInput = { bundle_workflow_id: imported.bundleWorkflowId, store_id: imported.storeId };
  const preview = await t.call('preview-push', pushInput);
  expect(preview.status, JSON.stringify(preview.error)).toBe(200);
  const { changes, notes } = preview.data;
  for (const change of changes) {
    const item = before.get(imported.keyOf.get(change.bundle_workflow_product_id)!)!;
    expect(change.before, `${item.slug ?? item.id} ${change.field}`).toBe(
      storedField(item, change.field, name),
    );
    // The built-in writer may write what the store already has (a plain title): that is ours, not a conflict.
    if (change.conflict === 'already_ours') expect(change.after).toBe(change.before);
    else expect(change.conflict, `${item.slug ?? item.id} ${change.field}`).toBeNull();
  }
  const seoFields = changes.filter((c) => c.field.startsWith('seo_'));
  if (SEO_KEYS[name]) {
    expect(notes).toEqual([]);
    // Every product, those without any SEO meta yet included, gets both fields.
    expect(seoFields.length).toBe(12);
  } else {
    expect(seoFields).toEqual([]);
    expect(notes.join(' ')).toMatch(/no SEO plugin/);
  }

  // The merchant edits the tea's description between preview and push: it must not be overwritten.
  const tea = idOf(TEA).split('|')[0]!;
  await editInStore(name, tea, 'Edited in the store meanwhile.');
  const pushed = await t.call('push-to-store', pushInput);
  expect(pushed.status, JSON.stringify(pushed.error)).toBe(200);
  const push = await waitForPush(t, pushed.data.push_id);
  expect(push.state, push.error ?? '').toBe('done');
  const teaResults = push.results.filter(
    (r) => imported.keyOf.get(r.bundle_workflow_product_id) === `${tea}|`,
  );
  expect(teaResults.length).toBeGreaterThan(0);
  for (const result of teaResults) expect(result.status).toBe('skipped');
  expect(push.results.filter((r) => r.status === 'failed')).toEqual([]);

  const after = await storedCatalogue(store);
  expect(after.get(`${tea}|`)!.description).toBe('Edited in the store meanwhile.');
  const ours = new Map(changes.map((c) => [`${c.bundle_workflow_product_id} ${c.field}`, c.after]));
  for (const result of push.results.filter((r) => r.status === 'written')) {
    const key = imported.keyOf.get(result.bundle_workflow_product_id)!;
    const item = after.get(key)!;
    const stored = storedField(item, result.field, name);
    const wrote = ours.get(`${result.bundle_workflow_product_id} ${result.field}`)!;
    // A variation's description reads back formatted for display (wc_format_content), even with context=edit.
    if (!key.endsWith('|')) expect(visibleText(stored), `variation ${item.id}`).toBe(visibleText(wrote));
    // Yoast removes percent-encoded octets ("%AB") from its meta on save: what it keeps of ours.
    else expect(stored, `${item.slug} ${result.field}`).toBe(keptOf(result.field, wrote));
  }
  if (!SEO_KEYS[name])
    for (const [key, item] of after) expect(copyOf(item).meta).toEqual(copyOf(before.get(key)!).meta);

  // What a shopper sees.
  const ourMug = (field: string) => ours.get(`${mug} ${field}`)!;
  const page = await productPage(store, MUG);
  expect(page.body).toContain(visibleText(ourMug('description')).slice(0, 80));
  if (SEO_KEYS[name]) {
    expect(page.title).toContain(visibleText(ourMug('seo_title')));
    expect(page.metaDescription).toBe(visibleText(keptOf('seo_description', ourMug('seo_description'))));
  }

  // Read again after the push: our own writes (Yoast's sanitising included) are ours, not the store's edits.
  const again = await t.call('preview-push', pushInput);
  const teaBwp = bwpOf(`${tea}|`);
  expect(
    again.data.changes.filter(
      (c) => c.bundle_workflow_product_id !== teaBwp && c.conflict !== 'already_ours',
    ),
  ).toEqual([]);

  const undo = await t.call('undo-push', { push_id: pushed.data.push_id });
  expect(undo.status).toBe(200);
  const undone = await waitForPush(t, undo.data.push_id);
  expect(undone.state, undone.error ?? '').toBe('done');
  // WooCommerce's API cannot clear an alt text: a push that filled an empty one is reported, not undone.
  const unclearable = undone.results.filter((r) => r.status === 'failed');
  for (const result of unclearable) {
    expect(result.field).toMatch(/^alt_text:/);
    expect(result.error).toMatch(/cannot clear/);
  }
  expect(undone.results.filter((r) => r.status === 'skipped')).toEqual([]);

  const restored = await storedCatalogue(store);
  for (const [key, item] of before) {
    if (key === `${tea}|`) continue;
    const expected = copyOf(item);
    for (const result of unclearable.filter(
      (r) => imported.keyOf.get(r.bundle_workflow_product_id) === key,
    )) {
      const id = Number(result.field.slice('alt_text:'.length));
      const alts = expected.alts as [number, string][];
      expected.alts = alts.map(([imageId, alt]) =>
        imageId === id
          ? [imageId, ours.get(`${result.bundle_workflow_product_id} ${result.field}`)]
          : [imageId, alt],
      );
    }
    expect(copyOf(restored.get(key)!), key).toEqual(expected);
  }
  const oldMug = before.get(idOf(MUG))!;
  const oldPage = await productPage(store, MUG);
  expect(oldPage.body).toContain(visibleText(oldMug.description).slice(0, 40));
  if (SEO_KEYS[name]) {
    expect(oldPage.title).toContain(visibleText(storedField(oldMug, 'seo_title', name)));
    expect(oldPage.metaDescription).toBe(visibleText(storedField(oldMug, 'seo_description', name)));
  }
}
