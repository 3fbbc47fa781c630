import { describe, expect, it } from 'vitest';
import { FIXTURE_CATALOGUES, loadFixtureProducts } from '../../../../tests/support/fixture-catalogues';
import { OFFLINE_SETTINGS, offlineInput } from '../../../../tests/support/writer-fixtures';
import { checkMetaDescription, checkPageTitle } from '../../../common/copy-rules/seo-checks';
import { checkCopy } from '../../domain/generation/check-copy';
import { describeDifferences, detectVariants } from '../variants/detect-variants';
import type { CopyFields, ProductFacts } from './copy-writer';
import { OfflineWriter, writeOfflineCopy } from './offline-writer';

const settings = OFFLINE_SETTINGS;
const input = offlineInput;

/** Writes a whole fixture bundle the way the pipeline does: parents first, variants from their parent. */
function writeBundle(catalogue: (typeof FIXTURE_CATALOGUES)[number]) {
  const products = loadFixtureProducts(catalogue);
  const variants = detectVariants(products);
  const copies = new Map<number, CopyFields>();
  const ordered = [...products].sort(
    (a, b) => Number(variants.has(a.position)) - Number(variants.has(b.position)),
  );
  for (const product of ordered) {
    const parentPosition = variants.get(product.position);
    const parentProduct = parentPosition === undefined ? undefined : products[parentPosition]!;
    const parent = parentProduct && {
      product: parentProduct.details,
      copy: copies.get(parentProduct.position)!,
      differences: describeDifferences(parentProduct, product),
    };
    const imageCount = Math.max(product.imageUrls.length, 1) + (product.position % 3);
    const result = writeOfflineCopy(input(product.details, imageCount, { parent }));
    copies.set(product.position, result.copy);
  }
  return { products, variants, copies };
}

describe('OfflineWriter', () => {
  it.each(FIXTURE_CATALOGUES)('writes copy that passes every check for each product of %s', (catalogue) => {
    const { products, copies } = writeBundle(catalogue);
    for (const product of products) {
      const imageCount = Math.max(product.imageUrls.length, 1) + (product.position % 3);
      expect({
        name: product.details.product_name,
        problems: checkCopy(copies.get(product.position)!, product.details, imageCount),
      }).toEqual({
        name: product.details.product_name,
        problems: [],
      });
    }
  });

  it.each(FIXTURE_CATALOGUES)('gives every product of %s its own title and meta description', (catalogue) => {
    const { products, copies } = writeBundle(catalogue);
    const all = [...copies.values()];
    expect(new Set(all.map((copy) => copy.page_title)).size).toBe(products.length);
    expect(new Set(all.map((copy) => copy.meta_description)).size).toBe(products.length);
    expect(new Set(all.map((copy) => copy.heading)).size).toBe(products.length);
  });

  it('writes a variant that states what differs and never repeats its parent', () => {
    const { products, variants, copies } = writeBundle('shopify-apparel.csv');
    expect(variants.size).toBe(2);
    for (const [variant, parent] of variants) {
      const own = copies.get(variant)!;
      const theirs = copies.get(parent)!;
      expect(own.page_title).not.toBe(theirs.page_title);
      expect(own.meta_description).not.toBe(theirs.meta_description);
      expect(own.description).toContain(
        `This version of the Classic Varsity Top is available in size ${products[variant]!.details.size}.`,
      );
    }
    expect(copies.get(2)!.page_title).toBe('Classic Varsity Top – Medium | partners-demo');
  });

  it('sets a variant apart even when it looks exactly like its parent', () => {
    const product = { product_name: 'Mug', brand: 'Acme', description: 'A mug.' };
    const parentCopy = writeOfflineCopy(input(product)).copy;
    const parent = { product, copy: parentCopy, differences: ['name: Mug (parent: Mug)'] };
    const { copy } = writeOfflineCopy(input(product, 1, { parent }));
    expect(copy.page_title).not.toBe(parentCopy.page_title);
    expect(copy.meta_description).not.toBe(parentCopy.meta_description);
    expect(checkCopy(copy, product, 1)).toEqual([]);
  });

  it('borrows the parent description for a variant without one, keeping only grounded sentences', () => {
    const parentProduct = {
      product_name: 'Throw',
      brand: 'Acme',
      size: 'Small',
      description: 'A soft wool throw. Hand finished. 120 cm wide.',
    };
    const product = { product_name: 'Throw', brand: 'Acme', size: 'Large', description: null };
    const parent = {
      product: parentProduct,
      copy: writeOfflineCopy(input(parentProduct)).copy,
      differences: ['size: Large (parent: Small)'],
    };
    const { copy } = writeOfflineCopy(input(product, 1, { parent }));
    expect(copy.description).toContain('Hand finished.');
    expect(copy.description).not.toContain('wool');
    expect(checkCopy(copy, product, 1)).toEqual([]);
  });

  it('is deterministic', async () => {
    const product = loadFixtureProducts('shopify-home-and-garden.csv')[3]!.details;
    const writer = new OfflineWriter();
    const first = await writer.write(input(product, 2));
    const second = await writer.write(input(product, 2));
    expect(second).toEqual(first);
  });

  it('builds each field from the product facts', () => {
    const product = {
      product_name: 'Ocean Blue Shirt',
      brand: 'partners-demo',
      colour: 'Navy',
      size: 'Large',
      material: 'Cotton',
      range: 'Summer',
      use_case: 'everyday wear',
      sku: 'OBS-01',
      url: '/products/ocean-blue-shirt',
      fact_sheet: 'Care: machine wash\nBrand: partners-demo',
      description:
        '<p>Ocean blue cotton shirt with a narrow collar.</p><p>Comfortable fit &amp; tiled patterns.</p>',
    };
    const { copy } = writeOfflineCopy(input(product, 3));
    expect(copy.page_title).toBe('Ocean Blue Shirt – Navy, Large | partners-demo');
    expect(copy.heading).toBe('Ocean Blue Shirt in Navy, size Large');
    expect(copy.fact_sheet).toBe(
      [
        'Brand: partners-demo',
        'Colour: Navy',
        'Size: Large',
        'Material: Cotton',
        'Range: Summer',
        'Use case: everyday wear',
        'Care: machine wash',
      ].join('\n'),
    );
    expect(copy.alt_texts).toEqual([
      'Ocean Blue Shirt in Navy, size Large by partners-demo',
      'Ocean Blue Shirt in Navy, size Large by partners-demo, another view',
      'Ocean Blue Shirt in Navy, size Large by partners-demo, a closer view',
    ]);
    const paragraphs = copy.description.split('\n\n');
    expect(paragraphs).toHaveLength(2);
    expect(paragraphs[0]).toBe(
      'Ocean blue cotton shirt with a narrow collar. Comfortable fit & tiled patterns.',
    );
    expect(paragraphs[1]).toContain('A good pick if you are looking for cotton shirts.');
    expect(paragraphs[1]).toContain('Order the Ocean Blue Shirt from our online shop today!');
    expect(copy.description).not.toContain('wool');
    expect(checkCopy(copy, product, 3)).toEqual([]);
  });

  it.each(FIXTURE_CATALOGUES)('writes every alternative wording of %s within every check', (catalogue) => {
    for (const product of loadFixtureProducts(catalogue)) {
      for (const variation of [1, 2, 3]) {
        const { copy } = writeOfflineCopy(input(product.details, 1, { variation }));
        expect({ variation, problems: checkCopy(copy, product.details, 1) }).toEqual({
          variation,
          problems: [],
        });
      }
    }
  });

  it('keeps only product facts in the fact sheet: no URL, handle, SKU or option in the wrong column', () => {
    const product = {
      product_name: 'Anchor Bracelet',
      colour: 'Blue',
      dimensions: 'Blue',
      sku: 'AB-1',
      url: '/products/anchor-bracelet',
      fact_sheet: 'Handle: anchor-bracelet\nOption1 Name: Color\nURL: /products/x\nClasp: lobster',
    };
    const { copy } = writeOfflineCopy(input(product, 1));
    expect(copy.fact_sheet).toBe('Colour: Blue\nClasp: lobster');
  });

  it('keeps a bullet list as a list', () => {
    const description = '<p>A simple bracelet.</p><ul><li>14k yellow gold</li><li>Leather</li></ul>';
    const { copy } = writeOfflineCopy(input({ product_name: 'Anchor Bracelet', description }, 1));
    expect(copy.description).toContain('- 14k yellow gold\n- Leather');
    expect(copy.description).not.toMatch(/gold\. -/);
  });

  it("keeps titles and meta descriptions within Google's pixel widths", () => {
    const wide = {
      product_name: 'WWWW MMMM Wide Capital Letters Headline Product',
      brand: 'MEGAWATT',
      description:
        'WIDE CAPITAL LETTERS MAKE A MUCH WIDER SNIPPET THAN LOWERCASE TEXT DOES. MORE WORDS HERE.',
    };
    const { copy } = writeOfflineCopy(input(wide, 1));
    expect(checkPageTitle(copy.page_title)).toBeNull();
    expect(checkMetaDescription(copy.meta_description)).toBeNull();
    expect(checkCopy(copy, wide, 1)).toEqual([]);
  });

  it('splits a long description into paragraphs by sentence', () => {
    const description = 'First point. Second point. Third point. Fourth point.';
    const { copy } = writeOfflineCopy(input({ product_name: 'Lamp', description }));
    expect(copy.description.split('\n\n')).toEqual([
      'First point. Second point.',
      'Third point. Fourth point.',
      'Order the Lamp from our online shop today!',
    ]);
  });

  it('fits the limits for short, long and bare products', () => {
    const products: ProductFacts[] = [
      { product_name: 'Mug' },
      { product_name: 'X', brand: null, description: '' },
      {
        product_name: 'Extraordinarily '.repeat(20).trim(),
        brand: 'Brand '.repeat(10).trim(),
        colour: 'Blue',
      },
      {
        product_name: 'Lamp',
        description: `${'Very long clause without any stop, '.repeat(12)}end.`,
        dimensions: '10 x 20 cm',
      },
      { product_name: 'Supercalifragilisticexpialidocious'.repeat(4), size: 'XL' },
    ];
    for (const [index, product] of products.entries()) {
      for (let n = 0; n <= 12; n += 4) {
        const { copy } = writeOfflineCopy(
          input(product, n, { settings: { ...settings, tone_of_voice: index % 2 ? 'formal' : 'fun' } }),
        );
        expect({ index, n, problems: checkCopy(copy, product, n) }).toEqual({ index, n, problems: [] });
      }
    }
  });

  it('lands the meta description within 120–155 for names and descriptions of every length', () => {
    for (let nameLength = 1; nameLength <= 160; nameLength += 7) {
      for (let sentences = 0; sentences <= 4; sentences++) {
        const product = {
          product_name: 'ab cd'.repeat(nameLength).slice(0, nameLength),
          description: Array.from(
            { length: sentences },
            (_, i) => `Sentence ${'word '.repeat(i * 6)}here.`,
          ).join(' '),
        };
        const { meta_description } = writeOfflineCopy(input(product, 0)).copy;
        expect({
          nameLength,
          sentences,
          length: meta_description.length >= 120 && meta_description.length <= 155,
        }).toEqual({
          nameLength,
          sentences,
          length: true,
        });
      }
    }
  });
});
