// Yoast's clean-up of its text meta, as WPSEO_Utils::sanitize_text_field does it, and the push's compare
// that uses it: a value we wrote that Yoast changed on save still holds ours.
import { describe, expect, it } from 'vitest';
import { holds } from '../platform';
import { wooCommercePlatform } from './woocommerce-platform';
import { yoastKeeps, yoastSanitizeText } from './woocommerce-yoast';

describe("Yoast's sanitize_text_field", () => {
  it('removes percent-encoded octets wherever they occur, then the spaces they leave', () => {
    expect(yoastSanitizeText('Save 50%AB off')).toBe('Save 50 off');
    expect(yoastSanitizeText('Linen %20 tote %20')).toBe('Linen tote');
    // A `%` before the octet keeps it (the pattern wants another character first); none after it alone.
    expect(yoastSanitizeText('100%% pure')).toBe('100%% pure');
    expect(yoastSanitizeText('%41 first')).toBe('%41 first');
    expect(yoastSanitizeText('Now 20% off')).toBe('Now 20% off');
  });

  it('collapses whitespace and strips tags, escaping a lone <', () => {
    expect(yoastSanitizeText('  Two\n lines\tand  spaces ')).toBe('Two lines and spaces');
    expect(yoastSanitizeText('<b>Bold</b> claim <script>x()</script>')).toBe('Bold claim');
    expect(yoastSanitizeText('Sizes < 10 only')).toBe('Sizes &lt; 10 only');
  });

  it('treats the meta description as a textarea and leaves other fields as sent', () => {
    expect(yoastKeeps('seo_description', 'Soft\r\ncotton %ABtee')).toBe('Soft cotton tee');
    expect(yoastKeeps('description', '<p>50%AB</p>')).toBe('<p>50%AB</p>');
  });
});

describe('the push compare on a Yoast store', () => {
  const live = (value: string, yoast: boolean) => ({
    updatedAt: '2026-10-03T08:00:00',
    values: new Map([['seo_description', value]]),
    ...(yoast ? { keeps: yoastKeeps } : {}),
  });

  it('finds our own write in the value Yoast kept of it, and a real edit still differs', () => {
    const ours = 'Save 50%AB on linen';
    expect(holds(wooCommercePlatform, live('Save 50 on linen', true), 'seo_description', ours)).toBe(true);
    expect(holds(wooCommercePlatform, live('Save 60 on linen', true), 'seo_description', ours)).toBe(false);
    // Without Yoast (Rank Math keeps what it is sent) the same text is not ours.
    expect(holds(wooCommercePlatform, live('Save 50 on linen', false), 'seo_description', ours)).toBe(false);
  });
});
