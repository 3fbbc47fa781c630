import { describe, expect, it } from 'vitest';
import type { BundleWorkflowProduct, Translation } from '../../../common/contract/entities';
import { shopifyTranslationRows } from './shopify-translations';

const english: Translation = {
  page_title: '=HYPERLINK("x") Nordmann fir | ParisPousse',
  meta_description: 'A Nordmann fir <b>for</b> your living room.',
  heading: 'Nordmann fir',
  description: 'A piece of forest in your living room.',
  fact_sheet: '',
  questions_and_answers: '',
  alt_texts: [],
  problems: [],
};

const product = (overrides: Partial<BundleWorkflowProduct> = {}) =>
  ({
    id: 4,
    product_id: 40,
    is_multiple_of: null,
    product_details: { product_name: 'Sapin - Nordmann' },
    page_title: 'Sapin Nordmann | ParisPousse',
    meta_description: 'Un bout de forêt dans votre salon.',
    description: 'Un bout de forêt.',
    store_copy: null,
    translations: { en: english },
    ...overrides,
  }) as unknown as BundleWorkflowProduct;

describe('the Translate & Adapt rows', () => {
  it('name the product by its store id, one row per field, formula-safe and escaped where the store prints text', () => {
    const rows = shopifyTranslationRows(
      { parent: product(), members: [product()] },
      new Map([[40, '8079393226938']]),
    );
    expect(rows.map((row) => row.slice(0, 6))).toEqual(
      ['title', 'body_html', 'meta_title', 'meta_description'].map((field) => [
        'PRODUCT',
        "'8079393226938",
        field,
        'en',
        '',
        '',
      ]),
    );
    const byField = new Map(rows.map((row) => [row[2], row]));
    expect(byField.get('title')?.slice(6)).toEqual(['Sapin - Nordmann', 'Nordmann fir']);
    expect(byField.get('body_html')?.[7]).toBe('<p>A piece of forest in your living room.</p>');
    expect(byField.get('meta_title')?.[7]).toBe('HYPERLINK("x") Nordmann fir | ParisPousse');
    expect(byField.get('meta_description')?.[7]).toBe(
      'A Nordmann fir &lt;b&gt;for&lt;/b&gt; your living room.',
    );
  });

  it('write nothing for a product without a store id or without translations', () => {
    expect(shopifyTranslationRows({ parent: product(), members: [product()] }, new Map())).toEqual([]);
    const bare = product({ translations: undefined });
    expect(shopifyTranslationRows({ parent: bare, members: [bare] }, new Map([[40, '1']]))).toEqual([]);
  });
});
