// The built-in writer passes its own checks on real store data: full names in headings,
// ALL-CAPS titles in title case, a variant's own option values in plain words, distinct alt texts, and no
// template sentence that the claims check reads as a claim ("Ring 1 online", "size-10 version").
import { describe, expect, it } from 'vitest';
import { checkCopy } from '../../domain/generation/check-copy';
import { differingValues } from '../variants/detect-variants';
import type { ProductFacts, WriteCopyInput } from './copy-writer';
import { writeOfflineCopy } from './offline-writer';
import { titleCaseName } from './title-case';

const settings = { keywords: '', business_type: 'shop', tone_of_voice: 'friendly' };
const input = (product: ProductFacts, imageCount = 1, extra: Partial<WriteCopyInput> = {}) =>
  ({ model: 'offline', product, imageCount, settings, ...extra }) as WriteCopyInput;
const nameRule = (name: string, brand = '') => ({ productName: { name, brand } });

describe('built-in writer on store data', () => {
  it('writes an ALL-CAPS store title in title case, keeping the brand and protected terms as spelt', () => {
    expect(titleCaseName('MULTI CIRCLE INTERWINE SILVER RING')).toBe('Multi Circle Interwine Silver Ring');
    expect(titleCaseName('BIG HOOP 65MM SILVER EP WITH A BOW', ['VIETJEWELERS'])).toBe(
      'Big Hoop 65mm Silver EP with a Bow',
    );
    expect(titleCaseName('18CT GOLD RING BY ACME', ['ACME'])).toBe('18ct Gold Ring by ACME');
    expect(titleCaseName('Ocean Blue Shirt')).toBe('Ocean Blue Shirt');
    const product = { product_name: 'PERIDOT OPEN SILVER RING', brand: 'VIETJEWELERS' };
    const { copy } = writeOfflineCopy(input(product, 3, { voice: { protectedTerms: ['VIETJEWELERS'] } }));
    expect(copy.page_title).toBe('Peridot Open Silver Ring | VIETJEWELERS');
    expect(copy.heading).toBe('Peridot Open Silver Ring');
    expect(checkCopy(copy, product, 3, nameRule(product.product_name, product.brand))).toEqual([]);
  });

  it('never lets a name that ends in a number run into a template word', () => {
    const product = { product_name: 'Stacking Ring 1', brand: 'Acme', size: '10' };
    const { copy } = writeOfflineCopy(input(product, 2));
    expect(copy.meta_description).not.toMatch(/1 online/);
    expect(checkCopy(copy, product, 2, nameRule(product.product_name, 'Acme'))).toEqual([]);
  });

  it("names a store variant's own option values in plain words, never its parent's list", () => {
    const parent = {
      product_name: 'Moonstone Sun Ring',
      brand: 'Vietjewelers',
      option1_name: 'Ring size',
      option1_value: '5',
      option2_name: 'Color',
      option2_value: 'Silver',
      size: 'size-5; size-6; size-7',
    };
    const variant = { ...parent, option1_value: '7', option2_value: 'Gold' };
    const values = differingValues({ details: parent }, { details: variant });
    expect(values).toEqual(['7', 'Gold']);
    const { copy } = writeOfflineCopy(
      input(variant, 1, { parent: { product: parent, copy: null, differences: [], siblings: [] } }),
    );
    expect(copy.page_title).toContain('Size 7, Gold');
    expect(copy.heading).toBe('Moonstone Sun Ring in Size 7, Gold');
    expect(copy.page_title).not.toContain(';');
    expect(
      checkCopy(copy, variant, 1, { variantValues: values, ...nameRule(parent.product_name, parent.brand) }),
    ).toEqual([]);
  });

  it('keeps the full name in the heading, dropping the least important value before cutting the name', () => {
    const product = {
      product_name: 'Hand Hammered Sterling Statement Cuff Bracelet for Everyday Wear',
      colour: 'Antique Silver',
      size: 'Medium Large',
    };
    const { copy } = writeOfflineCopy(input(product));
    expect(copy.heading).toBe('Hand Hammered Sterling Statement Cuff Bracelet for Everyday Wear');
  });

  it('gives every image of a product its own alt text', () => {
    const { copy } = writeOfflineCopy(
      input({ product_name: 'Lotus Flower Bangle', brand: 'Vietjewelers' }, 20),
    );
    expect(new Set(copy.alt_texts).size).toBe(20);
    expect(checkCopy(copy, { product_name: 'Lotus Flower Bangle', brand: 'Vietjewelers' }, 20)).toEqual([]);
  });

  it('ends a sentence once after a brand or name that ends in its own stop ("Acme Shoe Co.")', () => {
    // Shopify's documented example product (tests/fixtures/shopify-solidus-importer-sneaker.csv).
    const product = {
      product_name: 'Mens Casual Hightop Sports Shoe',
      brand: 'Acme Shoe Co.',
      description: 'Versatile show for athletic wear including running, basketball, and racquet sports',
    };
    for (const variation of [0, 1, 2, 3]) {
      const { copy } = writeOfflineCopy(input(product, 1, { variation }));
      for (const text of [copy.page_title, copy.meta_description, copy.description, ...copy.alt_texts])
        expect(text).not.toMatch(/[.!?]\.(?!\.)/);
      expect(copy.meta_description).toContain('Acme Shoe Co.');
    }
    const { copy } = writeOfflineCopy(input({ product_name: 'Wait... What? Mug', brand: 'Yahoo!' }, 1));
    expect(copy.description).toContain('Wait... What? Mug');
    expect(copy.description).not.toMatch(/!\./);
  });

  it('never writes a section label as a sentence ("Useful links." from a WooCommerce store\'s heading)', () => {
    // tests/fixtures/woocommerce-tgmodz-excerpt.csv, ID 20, as the import decodes it.
    const description = [
      'GTA 5 Account Recoveries',
      'Recoveries are where we log onto your account to provide the service listed below. PC Accounts Only!',
      'Join TGModz Discord server, and create a ticket with the following information upon purchasing:',
      '- Recovery Purchased',
      '- Order ID',
      'Useful links',
      '- TGModz discord.',
      'Requirements',
      'A PC account.',
    ].join('\n\n');
    const product = { product_name: 'GTA Recovery Packs', description };
    for (const variation of [0, 1, 2, 3]) {
      const { copy } = writeOfflineCopy(input(product, 1, { variation }));
      for (const text of [copy.meta_description, copy.description])
        expect(text).not.toMatch(/Useful links|Requirements\./);
      expect(copy.description).toMatch(/Recoveries are where we log onto your account/);
    }
    // A short line that is a sentence of its own keeps its place.
    const tee = { product_name: 'Band Tee', description: 'Made in Italy\n\nSoft combed cotton.' };
    expect(writeOfflineCopy(input(tee, 1)).copy.description).toContain('Made in Italy.');
  });
});
