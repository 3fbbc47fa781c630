// The catalogue's language on import: every product's detected inside the import's transaction (a sample while
// the list is read, the rest when the run's rows are written: prepare-run for a big list, before any copy), the bundle's the one most products are in, a
// language the request names winning as `user`, and estimate-cost and view-bundle-workflow answering it.
import { describe, expect, it } from 'vitest';
import { prepareRun } from '../../src/server/domain/bundles/start-run';
import { readFixture } from '../support/fixture-path';
import { setupTestApp } from '../support/test-app';

const t = setupTestApp();
const OFFLINE_WORKFLOW = 4;

async function productLanguages(bundleId: number) {
  const { rows } = await t.app.database.pool.query<{ language: string | null; confidence: number | null }>(
    `select language, language_confidence as confidence from products where bundle_id = $1 order by position`,
    [bundleId],
  );
  return rows;
}

async function viewLanguage(bundleId: number) {
  const view = await t.call('view-bundle-workflow', { bundle_id: bundleId, workflow_id: OFFLINE_WORKFLOW });
  expect(view.error).toBeUndefined();
  return view.data.language;
}

const FRENCH_LIST = [
  'Chemise en lin pour homme,Maison Lune',
  'Pantalon large en coton biologique,Maison Lune',
  'Veste matelassée légère pour la pluie,Maison Lune',
  'Robe longue à fleurs avec poches,Maison Lune',
].join('\n');

describe('the language of an imported catalogue', () => {
  it('is detected per product and for the bundle from a French Shopify export', async () => {
    const created = await t.call('new-bundle', {
      bundle_name: 'Paris pousse',
      store_export: { format: 'shopify', text: readFixture('shopify-parispousse-fr-excerpt.csv') },
      workflow_id: OFFLINE_WORKFLOW,
    });
    expect(created.error).toBeUndefined();
    const products = await productLanguages(created.data.bundle_id);
    expect(products.every((product) => product.confidence !== null)).toBe(true);
    const french = products.filter((product) => product.language === 'fr').length;
    expect(french / products.length).toBeGreaterThan(0.7);

    const language = await viewLanguage(created.data.bundle_id);
    expect(language).toMatchObject({ language: 'fr', source: 'detected' });
    expect(language.confidence).toBeGreaterThan(0.5);
    expect(language.detected[0]).toEqual({ language: 'fr', products: french });
  });

  it('is the one the request names, with source user, the detection kept beside it', async () => {
    const created = await t.call('new-bundle', {
      bundle_name: 'Named',
      columns: ['title', 'brand'],
      raw_csv: FRENCH_LIST,
      workflow_id: OFFLINE_WORKFLOW,
      language: 'PT-br',
    });
    expect(created.error).toBeUndefined();
    const language = await viewLanguage(created.data.bundle_id);
    expect(language).toMatchObject({ language: 'pt-BR', source: 'user', confidence: null });
    expect(language.detected).toEqual([{ language: 'fr', products: 4 }]);
  });

  it.each(['xx', 'english', 'fr_FR!', ''])('refuses language %j with 400 naming the field', async (tag) => {
    const refused = await t.call('new-bundle', {
      bundle_name: 'Bad',
      columns: ['title', 'brand'],
      raw_csv: FRENCH_LIST,
      language: tag,
    });
    expect(refused.status).toBe(400);
    expect(refused.error?.message).toMatch(/language/);
  });

  it('is none for lorem ipsum products (WooCommerce’s samples), which read as Latin, a language no store sells in', async () => {
    const created = await t.call('new-bundle', {
      bundle_name: 'Sample products',
      store_export: { format: 'woocommerce', text: readFixture('woocommerce-sample-products.csv') },
      workflow_id: OFFLINE_WORKFLOW,
    });
    expect(created.error).toBeUndefined();
    const products = await productLanguages(created.data.bundle_id);
    expect(products.map((product) => product.language)).toEqual(products.map(() => null));
    const none = { language: null, source: null, confidence: null, detected: [] };
    expect(await viewLanguage(created.data.bundle_id)).toEqual(none);
    // What the New bundle screen shows: no language, so its line names English, which the copy is written in.
    const estimate = await t.call('estimate-cost', {
      workflow_id: OFFLINE_WORKFLOW,
      bundle_id: created.data.bundle_id,
    });
    expect(estimate.error).toBeUndefined();
    expect(estimate.data.language).toEqual(none);
  });

  it('is answered by estimate-cost before the bundle exists', async () => {
    const estimate = await t.call('estimate-cost', {
      workflow_id: OFFLINE_WORKFLOW,
      columns: ['title', 'brand'],
      raw_csv: FRENCH_LIST,
    });
    expect(estimate.error).toBeUndefined();
    expect(estimate.data.language).toMatchObject({ language: 'fr', source: 'detected' });
  });

  it('is detected on a sample of a big list at once, and for every product before its run is prepared', {
    timeout: 60_000,
  }, async () => {
    const count = 1_500;
    const rows = Array.from(
      { length: count },
      (_, i) => `Wasserdichte Wanderjacke für Damen Nummer ${i + 1},Bergwerk`,
    ).join('\n');
    const created = await t.call('new-bundle', {
      bundle_name: 'Gross',
      columns: ['title', 'brand'],
      raw_csv: rows,
      workflow_id: OFFLINE_WORKFLOW,
    });
    expect(created.error).toBeUndefined();
    const before = await productLanguages(created.data.bundle_id);
    const sampled = before.filter((product) => product.confidence !== null).length;
    expect(sampled).toBeGreaterThanOrEqual(150);
    expect(sampled).toBeLessThanOrEqual(200);
    expect(await viewLanguage(created.data.bundle_id)).toMatchObject({ language: 'de', source: 'detected' });

    await prepareRun(t.app.services.db, created.data.bundle_workflow_id);
    const after = await productLanguages(created.data.bundle_id);
    expect(after.every((product) => product.language === 'de')).toBe(true);
    expect(await viewLanguage(created.data.bundle_id)).toMatchObject({
      language: 'de',
      detected: [{ language: 'de', products: count }],
    });
  });
});
