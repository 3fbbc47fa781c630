import { describe, expect, it } from 'vitest';
import { slugify } from '../../leaves/slug/slug';
import { suggestUrl } from './suggest-url';

describe('slugify', () => {
  it('lowercases and hyphenates', () => {
    expect(slugify('Ocean Blue Shirt')).toBe('ocean-blue-shirt');
  });

  it('folds accents and special letters to ASCII', () => {
    expect(slugify('Crème Brûlée Café')).toBe('creme-brulee-cafe');
    expect(slugify('Straße Æble Ørsted Œuvre')).toBe('strasse-aeble-orsted-oeuvre');
    expect(slugify('ÅNGSTRÖM Señor')).toBe('angstrom-senor');
  });

  it('reads & as "and", which is then dropped as a stop word', () => {
    expect(slugify('Salt & Pepper')).toBe('salt-pepper');
    expect(slugify('Salt and Pepper')).toBe('salt-pepper');
    expect(slugify('&')).toBe('and');
  });

  it('drops other symbols without double or dangling hyphens', () => {
    expect(slugify('  50% off!!  -- "Best" (new) / 2-pack  ')).toBe('50-off-best-new-2-pack');
    expect(slugify("Men's Shirt")).toBe('mens-shirt');
    expect(slugify('★ ☆ ✓')).toBe('');
  });

  it('removes English stop words unless nothing would be left', () => {
    expect(slugify('The Art of the Deal with a Twist')).toBe('art-deal-twist');
    expect(slugify('Striped Skirt and Top')).toBe('striped-skirt-top');
    expect(slugify('The The')).toBe('the-the');
  });

  it('cuts at a word boundary within the maximum length', () => {
    const slug = slugify('alpha beta gamma delta epsilon', 16);
    expect(slug).toBe('alpha-beta-gamma');
    expect(slugify('alpha beta gamma delta epsilon', 15)).toBe('alpha-beta');
    expect(slugify('supercalifragilistic', 10)).toBe('supercalif');
    expect(slugify('word '.repeat(40)).length).toBeLessThanOrEqual(80);
  });
});

describe('suggestUrl', () => {
  const shirt = { product_name: 'Ocean Blue Shirt', brand: 'partners-demo', url: null };

  it('uses /{{keywords}}-{{variants}} for an empty template', () => {
    expect(suggestUrl({ template: '', product: { ...shirt, size: 'Large' }, keywords: '' })).toEqual({
      url_suggestion: '/ocean-blue-shirt-large',
      url_suggestion_level: 'missing',
    });
  });

  it('fills every segment, drops empty ones and dangling hyphens, and has no trailing slash', () => {
    const result = suggestUrl({
      template: 'https://shop.example/Products/{{ keywords }}-{{variants}}/',
      product: shirt,
      keywords: '',
    });
    expect(result.url_suggestion).toBe('/products/ocean-blue-shirt');
    expect(
      suggestUrl({ template: '//{{variants}}/{{keywords}}', product: shirt, keywords: '' }).url_suggestion,
    ).toBe('/ocean-blue-shirt');
  });

  it('does not repeat words already in the name', () => {
    const product = {
      product_name: 'Ocean Blue Shirt',
      brand: 'Ocean',
      colour: 'Blue',
      size: 'XL',
      url: null,
    };
    expect(suggestUrl({ template: '', product, keywords: '' }).url_suggestion).toBe('/ocean-blue-shirt-xl');
  });

  it('adds a bundle keyword phrase only when the product data already uses its words', () => {
    const product = { ...shirt, description: 'Ocean blue cotton shirt with a narrow collar.' };
    expect(
      suggestUrl({ template: '/{{keywords}}', product, keywords: 'wool jumper, cotton shirt' })
        .url_suggestion,
    ).toBe('/ocean-blue-shirt-cotton');
    expect(suggestUrl({ template: '/{{keywords}}', product, keywords: 'wool jumper' }).url_suggestion).toBe(
      '/ocean-blue-shirt',
    );
  });

  it('names the brand only where the product name does, or where the template asks with {{brand}}', () => {
    const ring = { product_name: 'Aurora Ring', brand: 'Vietjewelers', size: '7', url: null };
    expect(suggestUrl({ template: '', product: ring, keywords: '' }).url_suggestion).toBe('/aurora-ring-7');
    const named = { ...ring, product_name: 'Vietjewelers Aurora Ring' };
    expect(suggestUrl({ template: '', product: named, keywords: '' }).url_suggestion).toBe(
      '/vietjewelers-aurora-ring-7',
    );
    expect(
      suggestUrl({ template: '/{{keywords}}-{{brand}}', product: ring, keywords: '' }).url_suggestion,
    ).toBe('/aurora-ring-vietjewelers');
    expect(
      suggestUrl({ template: '/{{brand}}/{{keywords}}', product: named, keywords: '' }).url_suggestion,
    ).toBe('/vietjewelers-aurora-ring');
  });

  it('keeps the variant words when a long name has to be shortened', () => {
    const product = { product_name: 'word '.repeat(30), brand: 'Brand', size: 'Extra Large', url: null };
    const { url_suggestion } = suggestUrl({ template: '', product, keywords: '' });
    expect(url_suggestion.length).toBeLessThanOrEqual(81);
    expect(url_suggestion.endsWith('-extra-large')).toBe(true);
  });

  it('is missing when the product has no URL', () => {
    for (const url of [null, '', '   ']) {
      expect(
        suggestUrl({ template: '', product: { ...shirt, url }, keywords: '' }).url_suggestion_level,
      ).toBe('missing');
    }
    expect(
      suggestUrl({ template: '', product: { product_name: 'Mug' }, keywords: '' }).url_suggestion_level,
    ).toBe('missing');
  });

  it('is order when the current URL has the same words in another order', () => {
    const product = {
      product_name: 'Ocean Blue Shirt',
      url: 'https://shop.example/products/blue-ocean_shirt?x=1',
    };
    expect(suggestUrl({ template: '/products/{{keywords}}', product, keywords: '' })).toEqual({
      url_suggestion: '/products/ocean-blue-shirt',
      url_suggestion_level: 'order',
    });
    const withStopWord = { ...product, url: '/products/the-shirt-blue-ocean/' };
    expect(suggestUrl({ template: '', product: withStopWord, keywords: '' }).url_suggestion_level).toBe(
      'order',
    );
  });

  it('is empty when the current URL already matches or holds other words', () => {
    const same = { product_name: 'Ocean Blue Shirt', url: '/products/ocean-blue-shirt' };
    expect(suggestUrl({ template: '', product: same, keywords: '' }).url_suggestion_level).toBe('');
    const other = { product_name: 'Ocean Blue Shirt', url: '/products/shirt-123' };
    expect(suggestUrl({ template: '', product: other, keywords: '' }).url_suggestion_level).toBe('');
  });
});

describe('transliteration', () => {
  it('spells Cyrillic and Greek names in Latin letters instead of dropping them', () => {
    expect(slugify('Шерстяной шарф')).toBe('sherstyanoy-sharf');
    expect(slugify('Ελαιόλαδο')).toBe('elaiolado');
  });

  it('writes a language’s own spellings in its slugs: German ä as ae', () => {
    const product = { product_name: 'Grüner Tee', colour: 'Hellgrün' };
    expect(suggestUrl({ template: '', product, keywords: '', language: 'de' }).url_suggestion).toBe(
      '/gruener-tee-hellgruen',
    );
    expect(suggestUrl({ template: '', product, keywords: '' }).url_suggestion).toBe('/gruner-tee-hellgrun');
    expect(slugify('Grüner Tee', 80, 'de-AT')).toBe('gruener-tee');
  });
});
