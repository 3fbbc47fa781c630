import { describe, expect, it } from 'vitest';
import { matchPages, normaliseUrl } from './match-pages';

describe('normaliseUrl', () => {
  it('drops scheme, host, case, trailing slash and query, and decodes percent-encoding', () => {
    const same = [
      'https://shop.example/products/Käse/',
      'http://WWW.other.example/products/k%C3%A4se?utm_source=x#top',
      '/products//K%C3%84SE',
      'https://shop.example/collections/cheese/products/kase'.replace('kase', 'käse'),
    ];
    for (const url of same) expect(normaliseUrl(url), url).toEqual({ path: '/products/käse', variant: null });
    expect(normaliseUrl('/products/shirt?variant=42')).toEqual({ path: '/products/shirt', variant: '42' });
    // NFD (a + combining diaeresis) and NFC are the same handle.
    expect(normaliseUrl('/products/ka\u0308se')).toEqual(normaliseUrl('/products/k\u00e4se'));
  });
});

describe('matchPages', () => {
  const products = [
    { id: 1, details: { url: '/products/shirt' } },
    { id: 2, details: { url: '/products/shirt?variant=7', parent_handle: 'shirt' } },
    { id: 3, details: { url: '/products/shirt', parent_handle: 'shirt' } },
    { id: 4, details: { url: null, handle: 'mug' } },
  ];
  it('sends ?variant= pages to that variant, else to the parent; falls back to a handle', () => {
    const pages = [
      { url: 'https://s.example/products/shirt?variant=7' },
      { url: 'https://s.example/products/shirt?variant=8' },
      { url: 'https://s.example/products/shirt/' },
      { url: 'https://s.example/en/products/mug' },
      { url: 'https://s.example/blogs/news/mug' },
      { url: 'https://s.example/collections/mug' },
    ];
    const { matched, unmatched } = matchPages(products, pages);
    expect(matched.get(2)).toEqual([pages[0]]);
    expect(matched.get(1)).toEqual([pages[1], pages[2]]);
    expect(matched.get(4)).toEqual([pages[3]]);
    expect(matched.has(3)).toBe(false);
    expect(unmatched).toEqual([pages[4], pages[5]]);
  });
});
