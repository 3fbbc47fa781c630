import { describe, expect, it } from 'vitest';
import type { BundleWorkflowProduct } from '../../../common/contract/entities';
import { merchantGroupRows, variantTitle } from './merchant';
import { merchantIdOf } from './merchant-ids';
import { groupOptions } from './product-keys';
import { copyCell } from './rows';

function product(id: number, details: Record<string, string>, parent?: number): BundleWorkflowProduct {
  return {
    id,
    product_id: id,
    bundle_workflow_id: 1,
    is_multiple_of: parent ?? null,
    product_details: details,
    page_title: 'Tee | Shop',
    meta_description: 'Meta.',
    heading: details.heading ?? 'Cotton Tee',
    description: '=cmd| A soft tee.',
    fact_sheet: null,
    url_suggestion: '/cotton-tee',
  } as unknown as BundleWorkflowProduct;
}

const variable = product(1, { product_name: 'Tee', product_type: 'variable', id: '44', sku: 'tee' });
const red = product(
  2,
  {
    product_name: 'Tee',
    id: '45',
    sku: 'tee-red',
    heading: 'Red Cotton Tee',
    option1_name: 'Color',
    option1_value: 'Red',
    option2_name: 'Size',
    option2_value: 'M',
  },
  1,
);
const blue = product(
  3,
  {
    product_name: 'Tee',
    id: '',
    sku: '',
    option1_name: 'Color',
    option1_value: 'Blue',
    option2_name: 'Size',
    option2_value: 'L',
  },
  1,
);
const group = { parent: variable, members: [variable, red, blue] };

describe('Merchant feed rows', () => {
  it('names each value once in a title', () => {
    expect(variantTitle('Red Cotton Tee', ['Red', 'M'])).toBe('Red Cotton Tee - M');
    expect(variantTitle('Cotton Tee', ['Red', 'Red'])).toBe('Cotton Tee - Red');
    expect(variantTitle('Cotton Tee in Navy Blue', ['Navy Blue'])).toBe('Cotton Tee in Navy Blue');
  });

  it('one row per sellable item, none for a variable parent; a product without an id is reported', async () => {
    const idOf = await merchantIdOf(
      { merchant_id_scheme: 'woocommerce', merchant_id_prefix: 'gla_' },
      groupOptions,
    );
    const out = merchantGroupRows(group, { idOf, generative: false });
    expect(out.rows).toEqual([['gla_45', 'Red Cotton Tee - M', 'cmd| A soft tee.']]);
    expect(out.unmatched).toEqual([['3', 'Tee', 'cotton-tee', '', 'no WooCommerce ID']]);
  });

  it('marks text as trained_algorithmic_media only when a generative model wrote it', async () => {
    const idOf = await merchantIdOf({ merchant_id_scheme: 'sku' }, groupOptions);
    const ai = merchantGroupRows(group, { idOf, generative: true });
    expect(ai.rows).toEqual([
      [
        'tee-red',
        'trained_algorithmic_media:"Red Cotton Tee - M"',
        'trained_algorithmic_media:"cmd| A soft tee."',
      ],
    ]);
    const builtIn = merchantGroupRows(group, { idOf, generative: false });
    expect(builtIn.rows.flat().join(' ')).not.toContain('trained_algorithmic_media');
  });
});

describe('copy cells in store files', () => {
  it('drop a formula start from copy, and keep the store value as it came', () => {
    for (const lead of ['=', '+', '-', '@', '\uFF1D', '\uFF0B', '\uFF0D', '\uFF20', '\t=', '\r+', ' ='])
      expect(copyCell(`${lead}SUM(A1)`)).toBe('SUM(A1)');
    expect(copyCell('=SUM(A1)', '=SUM(A1)')).toBe('=SUM(A1)');
    expect(copyCell('Plain')).toBe('Plain');
  });
});
