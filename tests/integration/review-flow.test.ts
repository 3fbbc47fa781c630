// A review that never loses work, over HTTP against a real database and the worker: stale
// saves refused, every version kept and restorable, locked fields through regeneration, approve then export.
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BundleWorkflowProduct, CopyFieldName } from '../../src/common/contract/entities';
import type { RunningWorker } from '../../src/server/runner/start-worker';
import { errorOf } from '../support/answers';
import { startTestWorker, waitForRun } from '../support/pipeline';
import { createTestUser, postFunction, setupTestApp } from '../support/test-app';

const t = setupTestApp();
const OFFLINE = 4;
const list = {
  columns: ['title', 'brand', 'colour', 'description'],
  raw_csv: [
    'Linen Cushion,Hemma,Sand,A soft linen cushion cover.',
    'Wool Throw,Hemma,Grey,A warm wool throw.',
    'Oak Stool,Tre,Natural,A small oak stool.',
    'Clay Vase,Forma,White,A hand-thrown clay vase.',
  ].join('\n'),
};

let bundleId: number;
let runId: number;
let products: BundleWorkflowProduct[];
let worker: RunningWorker | undefined;

beforeAll(async () => {
  worker = await startTestWorker(t.app);
  const created = await t.call('new-bundle', { bundle_name: 'Review flow', ...list, workflow_id: OFFLINE });
  expect(created.status).toBe(200);
  bundleId = created.data.bundle_id;
  runId = created.data.bundle_workflow_id;
  const run = await waitForRun(t.app, t.user.token, bundleId, OFFLINE);
  expect(run.totals.done).toBe(4);
  products = run.products;
}, 60_000);
afterAll(() => worker?.stop());

async function current(id: number): Promise<BundleWorkflowProduct> {
  const run = await waitForRun(t.app, t.user.token, bundleId, OFFLINE);
  return run.products.find((product) => product.id === id)!;
}

async function regenerate(ids: number[], lockFields?: CopyFieldName[]) {
  const queued = await t.call('regenerate-products', {
    bundle_workflow_id: runId,
    bundle_workflow_product_ids: ids,
    ...(lockFields ? { lock_fields: lockFields } : {}),
  });
  expect(queued.status, JSON.stringify(queued.data)).toBe(200);
  expect(queued.data.queued).toBe(ids.length);
  return waitForRun(t.app, t.user.token, bundleId, OFFLINE);
}

describe('stale saves, history and restore', () => {
  it('refuses a save made against copy regenerated since (409 conflict) and keeps the regenerated copy', async () => {
    const product = products[0]!;
    const generatedTitle = product.page_title!;
    // An edit, then the editor (holding the edited copy) stays open while the product is regenerated.
    const edited = await t.call('update-product-copy', {
      bundle_workflow_product_id: product.id,
      fields: { page_title: 'Hand-written cushion title' },
      expected_updated_at: product.updated_at,
    });
    expect(edited.status, JSON.stringify(edited.data)).toBe(200);
    const loaded = edited.data.product;
    expect(loaded.page_title).toBe('Hand-written cushion title');

    await regenerate([product.id]);
    const regenerated = await current(product.id);
    expect(regenerated.page_title).toBe(generatedTitle);
    expect(regenerated.updated_at).not.toBe(loaded.updated_at);

    const stale = await t.call('update-product-copy', {
      bundle_workflow_product_id: product.id,
      fields: { heading: 'A stale heading from the old editor' },
      expected_updated_at: loaded.updated_at,
    });
    expect(stale.status).toBe(409);
    expect(stale.error?.type).toBe('conflict');
    const after = await current(product.id);
    expect(after.page_title).toBe(generatedTitle);
    expect(after.heading).toBe(regenerated.heading);

    // With the updated_at it now has, the same save goes through.
    const fresh = await t.call('update-product-copy', {
      bundle_workflow_product_id: product.id,
      fields: { heading: 'A fresh heading' },
      expected_updated_at: after.updated_at,
    });
    expect(fresh.status).toBe(200);
    expect(fresh.data.product.heading).toBe('A fresh heading');
  });

  it('lists every version newest first, and restoring the oldest brings its title back', async () => {
    const product = products[0]!;
    const history = await t.call('view-product-history', { bundle_workflow_product_id: product.id });
    expect(history.status).toBe(200);
    const { versions } = history.data;
    // generated, edited, regenerated, edited.
    expect(versions.map((version) => version.source)).toEqual([
      'edited',
      'regenerated',
      'edited',
      'generated',
    ]);
    expect(versions.map((version) => version.id)).toEqual(
      [...versions.map((v) => v.id)].sort((a, b) => b - a),
    );
    expect(versions[2]!.page_title).toBe('Hand-written cushion title');
    expect(versions[0]!.heading).toBe('A fresh heading');
    const oldest = versions.at(-1)!;
    expect(oldest.alt_texts).toEqual((product.image_details ?? []).map((image) => image.alt_text ?? ''));

    // Put a different title in place first, so the restore has something to undo.
    const before = await current(product.id);
    await t.call('update-product-copy', {
      bundle_workflow_product_id: product.id,
      fields: { page_title: 'Yet another cushion title' },
      expected_updated_at: before.updated_at,
    });
    const restored = await t.call('restore-product-version', {
      bundle_workflow_product_id: product.id,
      version_id: oldest.id,
    });
    expect(restored.status, JSON.stringify(restored.data)).toBe(200);
    expect(restored.data.product.page_title).toBe(oldest.page_title);
    expect(restored.data.product.heading).toBe(oldest.heading);
    expect((await current(product.id)).page_title).toBe(oldest.page_title);
    const again = await t.call('view-product-history', { bundle_workflow_product_id: product.id });
    expect(again.data.versions[0]!.source).toBe('restored');
    expect(again.data.versions[0]!.page_title).toBe(oldest.page_title);
  });

  it("answers another user's product and version like a missing one", async () => {
    const other = await createTestUser(t.app);
    const product = products[0]!;
    const theirs = await postFunction(
      t.app,
      'view-product-history',
      { bundle_workflow_product_id: product.id },
      other.token,
    );
    const missing = await t.call('view-product-history', { bundle_workflow_product_id: 2_000_000_000 });
    expect(theirs.status).toBe(404);
    expect(missing.status).toBe(404);
    expect(await errorOf(theirs)).toEqual(missing.error);
    const restore = await postFunction(
      t.app,
      'restore-product-version',
      { bundle_workflow_product_id: product.id, version_id: 1 },
      other.token,
    );
    expect(restore.status).toBe(404);
    const review = await postFunction(
      t.app,
      'set-product-review',
      { bundle_workflow_product_ids: [product.id], review: 'approved' },
      other.token,
    );
    expect(review.status).toBe(404);
    expect((await current(product.id)).review_state).not.toBe('approved');
    // Another product's version is not this product's.
    const foreignVersion = await t.call('view-product-history', {
      bundle_workflow_product_id: products[1]!.id,
    });
    const wrong = await t.call('restore-product-version', {
      bundle_workflow_product_id: product.id,
      version_id: foreignVersion.data.versions[0]!.id,
    });
    expect(wrong.status).toBe(404);
  });
});

describe('locked fields', () => {
  it('a locked field keeps its text through a regeneration; an unlocked one is rewritten', async () => {
    const product = products[1]!;
    const edited = await t.call('update-product-copy', {
      bundle_workflow_product_id: product.id,
      fields: { page_title: 'My own throw title', heading: 'My own throw heading' },
      expected_updated_at: product.updated_at,
    });
    expect(edited.status).toBe(200);
    const locked = await t.call('set-locked-fields', {
      bundle_workflow_product_ids: [product.id],
      fields: ['page_title'],
      locked: true,
    });
    expect(locked.data.updated).toBe(1);
    await regenerate([product.id]);
    const after = await current(product.id);
    expect(after.locked_fields).toEqual(['page_title']);
    expect(after.page_title).toBe('My own throw title');
    expect(after.heading).toBe(product.heading);
    expect(after.heading).not.toBe('My own throw heading');
  });

  it('"keep my edits" (lock_fields) locks the edited fields for the regeneration, and unlocking lets it write', async () => {
    const product = products[2]!;
    const edited = await t.call('update-product-copy', {
      bundle_workflow_product_id: product.id,
      fields: {
        meta_description:
          'My own words for this oak stool: a small, sturdy seat for the hall or the kitchen, made of solid oak and oiled by hand today.',
      },
      expected_updated_at: product.updated_at,
    });
    expect(edited.status, JSON.stringify(edited.data)).toBe(200);
    const mine = edited.data.product.meta_description;
    await regenerate([product.id], ['meta_description']);
    const kept = await current(product.id);
    expect(kept.meta_description).toBe(mine);
    expect(kept.locked_fields).toEqual(['meta_description']);

    await t.call('set-locked-fields', {
      bundle_workflow_product_ids: [product.id],
      fields: ['meta_description'],
      locked: false,
    });
    await regenerate([product.id]);
    const replaced = await current(product.id);
    expect(replaced.locked_fields).toEqual([]);
    expect(replaced.meta_description).toBe(product.meta_description);
  });
});

describe('approve, then export', () => {
  it('an edit sends an approved product back to pending', async () => {
    const product = products[3]!;
    const approved = await t.call('set-product-review', {
      bundle_workflow_product_ids: [product.id],
      review: 'approved',
    });
    expect(approved.status).toBe(200);
    const before = await current(product.id);
    expect(before.review_state).toBe('approved');
    const edited = await t.call('update-product-copy', {
      bundle_workflow_product_id: product.id,
      fields: { heading: 'A vase heading, edited after approval' },
      expected_updated_at: before.updated_at,
    });
    expect(edited.status).toBe(200);
    expect(edited.data.product.review_state).toBe('pending');
    expect((await current(product.id)).review_state).toBe('pending');
  });

  it('exports exactly the 3 approved products with only_approved, and all 4 without it', async () => {
    const chosen = products.slice(0, 3).map((product) => product.id);
    const approved = await t.call('set-product-review', {
      bundle_workflow_product_ids: chosen,
      review: 'approved',
    });
    expect(approved.status).toBe(200);
    const rejected = await t.call('set-product-review', {
      bundle_workflow_product_ids: [products[3]!.id],
      review: 'rejected',
    });
    expect(rejected.data.updated).toBe(1);
    const exportRows = async (onlyApproved: boolean) => {
      const response = await postFunction(
        t.app,
        'export-bundle',
        { bundle_workflow_id: runId, format: 'csv', only_approved: onlyApproved },
        t.user.token,
        { 'x-response-format': 'Uint8Array' },
      );
      expect(response.status).toBe(200);
      return Papa.parse<Record<string, string>>(await response.text(), { header: true, skipEmptyLines: true })
        .data;
    };
    const only = await exportRows(true);
    expect(only).toHaveLength(3);
    const run = await current(chosen[0]!);
    expect(run.review_state).toBe('approved');
    expect(await exportRows(false)).toHaveLength(4);
  });

  it('answers 400 naming the field for an unknown lockable field or an empty id list', async () => {
    const field = await postFunction(
      t.app,
      'set-locked-fields',
      { bundle_workflow_product_ids: [products[0]!.id], fields: ['price'], locked: true },
      t.user.token,
    );
    expect(field.status).toBe(400);
    expect((await errorOf(field)).message).toContain('fields');
    const empty = await postFunction(
      t.app,
      'set-product-review',
      { bundle_workflow_product_ids: [], review: 'approved' },
      t.user.token,
    );
    expect(empty.status).toBe(400);
    expect((await errorOf(empty)).message).toContain('bundle_workflow_product_ids');
  });

  it('answers 400 naming the field for an unknown review state', async () => {
    const response = await postFunction(
      t.app,
      'set-product-review',
      { bundle_workflow_product_ids: [products[0]!.id], review: 'maybe' },
      t.user.token,
    );
    expect(response.status).toBe(400);
    expect((await errorOf(response)).message).toContain('review');
  });
});

describe("the stored check follows a person's edits", () => {
  it("an edit that repeats another product's heading is flagged, and an edit that mends it clears the flag", async () => {
    const [first, second] = [await current(products[2]!.id), await current(products[3]!.id)];
    expect(first.problems ?? []).toEqual([]);
    const repeated = await t.call('update-product-copy', {
      bundle_workflow_product_id: first.id,
      fields: { heading: second.heading! },
      expected_updated_at: first.updated_at,
    });
    expect(repeated.status, JSON.stringify(repeated.data)).toBe(200);
    // Another product's heading repeats it, and names that product rather than this one.
    expect(repeated.data.product.problems?.map((problem) => [problem.field, problem.code])).toEqual([
      ['heading', 'off_product'],
      ['heading', 'duplicate'],
    ]);
    const mended = await t.call('update-product-copy', {
      bundle_workflow_product_id: first.id,
      fields: { heading: 'Oak Stool in Natural' },
      expected_updated_at: repeated.data.product.updated_at,
    });
    expect(mended.status).toBe(200);
    expect(mended.data.product.problems).toEqual([]);
  });
});

describe('editing the questions and answers', () => {
  it('saves a pair list as the field, and refuses text that is no pair list, naming the field', async () => {
    const product = await current(products[1]!.id);
    const pairs = [
      { question: 'What is it?', answer: 'A cushion.' },
      { question: 'How do I order it?', answer: 'From our online shop.' },
      { question: 'Where are the details?', answer: 'On this page.' },
    ];
    const saved = await t.call('update-product-copy', {
      bundle_workflow_product_id: product.id,
      fields: { questions_and_answers: JSON.stringify(pairs) },
    });
    expect(saved.status, JSON.stringify(saved.data)).toBe(200);
    expect(JSON.parse(saved.data.product.questions_and_answers!)).toEqual(pairs);

    const refused = await t.call('update-product-copy', {
      bundle_workflow_product_id: product.id,
      fields: { questions_and_answers: 'Q: What is it? A: A cushion.' },
    });
    expect(refused.status).toBe(400);
    expect(refused.error?.message).toContain('questions_and_answers must be a JSON list');
    expect((await current(product.id)).questions_and_answers).toBe(saved.data.product.questions_and_answers);
  });
});
