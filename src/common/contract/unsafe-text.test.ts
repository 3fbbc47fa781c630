import { describe, expect, it } from 'vitest';
import { findUnsafeText, formatPath } from './unsafe-text';

describe('findUnsafeText', () => {
  it('finds a NUL anywhere, naming the path and the index', () => {
    const body = { bundle_name: 'ok', custom_fields: { keywords: 'oak\u0000chair' } };
    expect(findUnsafeText(body)).toEqual({
      path: ['custom_fields', 'keywords'],
      index: 3,
      problem: 'a NUL character',
    });
    expect(findUnsafeText({ alt_texts: [{ alt_text: 'a' }, { alt_text: '\u0000' }] })?.path).toEqual([
      'alt_texts',
      1,
      'alt_text',
    ]);
  });

  it('finds lone surrogates, high or low, but accepts real pairs like emoji', () => {
    expect(findUnsafeText({ t: 'chair \uD83E\uDE91' })).toBeNull();
    expect(findUnsafeText({ t: 'x\uD800' })?.problem).toMatch(/lone surrogate/);
    expect(findUnsafeText({ t: '\uDC00x' })?.index).toBe(0);
    expect(findUnsafeText({ t: '\uD800\uD800\uDC00' })?.index).toBe(0);
  });

  it('checks keys too, and formats paths', () => {
    expect(findUnsafeText({ 'a\u0000': 1 })?.path).toEqual(['a\u0000']);
    expect(formatPath(['alt_texts', 2, 'alt_text'])).toBe('alt_texts[2].alt_text');
  });
});

describe('findUnsafeText on a deep value', () => {
  it('walks 200,000 levels without overflowing the stack, and names the path', () => {
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 200_000; i++) deep = [deep];
    const found = findUnsafeText(deep);
    expect(found?.problem).toBe('a NUL character');
    expect(found?.path).toHaveLength(200_000);
    expect(findUnsafeText({ a: [{ b: 'ok' }, { c: 'ok', 'd\u0000': 1 }] })?.path).toEqual([
      'a',
      1,
      'd\u0000',
    ]);
  });
});
