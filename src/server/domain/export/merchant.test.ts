import { describe, expect, it } from 'vitest';
import type { BundleWorkflowProduct } from '../../../common/contract/entities';
import type { CopyFieldRegistry } from '../../../common/copy-fields/field-spec';
import { COPY_FIELD_REGISTRY } from '../../../common/copy-fields/registry';
import { merchantGroupRows, merchantHeaders, qaValue, variantTitle } from './merchant';
import { merchantIdOf } from './merchant-ids';
import { groupOptions } from './product-keys';
import { qaPairsOf } from './qa-pairs';
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

// The registry as it was before a field held questions and answers.
const WITHOUT_QA: CopyFieldRegistry = COPY_FIELD_REGISTRY.filter((field) => !('pairs' in field));

describe('Merchant conversational attributes', () => {
  const attributes = ['item_group_title', 'question_and_answer'] as const;

  it('item_group_title: the product’s title on every variant, with no variant value in it', async () => {
    const idOf = await merchantIdOf({ merchant_id_scheme: 'sku' }, groupOptions);
    // The parent's heading names a value (a Shopify parent row is the first variant): its name stands.
    const named = { ...variable, heading: 'Red Cotton Tee' };
    const parentNamed = { parent: named, members: [named, red, blue] };
    for (const each of [group, parentNamed]) {
      const out = merchantGroupRows(each, { idOf, generative: false, attributes });
      expect(out.rows.map((row) => row[3])).toEqual([each === group ? 'Cotton Tee' : 'Tee']);
    }
    const everyName = {
      ...named,
      product_details: { ...named.product_details, product_name: 'Tee - Red, M' },
    };
    const cut = merchantGroupRows(
      { parent: everyName, members: [everyName, red, blue] },
      { idOf, generative: false, attributes },
    );
    expect(cut.rows[0]![3]).toBe('Tee');
    expect(merchantHeaders(false, attributes)).toEqual([
      'id',
      'title',
      'description',
      'item_group_title',
      'question_and_answer',
    ]);
  });

  it("size and color: each variant's values by its options, whatever language names them", async () => {
    const idOf = await merchantIdOf({ merchant_id_scheme: 'sku' }, groupOptions);
    const named = (names: [string, string]) => {
      const rename = (member: BundleWorkflowProduct) =>
        ({
          ...member,
          product_details: { ...member.product_details, option1_name: names[0], option2_name: names[1] },
        }) as BundleWorkflowProduct;
      return {
        parent: variable,
        members: [
          variable,
          rename(red),
          rename({
            ...blue,
            product_details: { ...blue.product_details, sku: 'tee-blue' },
          } as BundleWorkflowProduct),
        ],
      };
    };
    for (const names of [
      ['Color', 'Size'],
      ['Couleur', 'Taille'],
      ['Цвет', 'Размер'],
      ['Farbe', 'Größe'],
    ] as const) {
      const out = merchantGroupRows(named([...names]), {
        idOf,
        generative: false,
        attributes: ['size', 'color'],
      });
      expect(
        out.rows.map((row) => row.slice(3)),
        names.join(),
      ).toEqual([
        ['M', 'Red'],
        ['L', 'Blue'],
      ]);
    }
    expect(merchantHeaders(false, ['color', 'size'])).toEqual([
      'id',
      'title',
      'description',
      'size',
      'color',
    ]);
  });

  it('a product without variants has no item_group_title', async () => {
    const idOf = await merchantIdOf({ merchant_id_scheme: 'sku' }, groupOptions);
    const lone = product(9, { product_name: 'Mug', sku: 'mug' });
    const out = merchantGroupRows({ parent: lone, members: [lone] }, { idOf, generative: false, attributes });
    expect(out.rows).toEqual([['mug', 'Cotton Tee', 'cmd| A soft tee.', '', '']]);
  });

  it('question_and_answer: Google’s "question":"answer" pairs, the parent’s for a variant without its own', async () => {
    const idOf = await merchantIdOf({ merchant_id_scheme: 'sku' }, groupOptions);
    const pairs = [
      { question: 'What is it made of?', answer: 'Cotton.' },
      { question: 'Is the "M" a medium?', answer: 'Yes:\tmedium.' },
      { question: 'Empty?', answer: ' ' },
    ];
    const withQa = { ...variable, questions_and_answers: JSON.stringify(pairs) } as BundleWorkflowProduct;
    const out = merchantGroupRows(
      { parent: withQa, members: [withQa, red, blue] },
      { idOf, generative: false, attributes },
    );
    expect(out.rows[0]![4]).toBe('"What is it made of?":"Cotton.", "Is the ""M"" a medium?":"Yes: medium."');
    expect(qaValue(red)).toBe('');
    expect(qaPairsOf(withQa)).toHaveLength(2);
    // Without a field holding them, there are none.
    expect(qaPairsOf(withQa, WITHOUT_QA)).toEqual([]);
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
