import { describe, expect, it } from 'vitest';
import { cleanText, decodeEscapes, htmlToText, looksLikeHtml, repairMojibake } from './html-to-text';

describe('htmlToText', () => {
  it('keeps plain text as it is', () => {
    expect(htmlToText(' Ocean blue cotton shirt, 2 < 3. ')).toBe('Ocean blue cotton shirt, 2 < 3.');
    expect(looksLikeHtml('2 < 3 and 4 > 1')).toBe(false);
  });

  it('turns paragraphs into lines and lists into dashes, and decodes entities', () => {
    const html =
      '<p>Classic blown clay pot&nbsp;for plants</p><ul><li>Frost&#8209;proof</li><li>Drain &amp; saucer</li></ul><script>x()</script>';
    expect(htmlToText(html)).toBe(
      'Classic blown clay pot for plants\n\n- Frost\u2011proof\n- Drain & saucer',
    );
  });

  it('drops inline tags and collapses spaces', () => {
    expect(htmlToText('<span>Soft   <strong>wool</strong></span><br/>blend')).toBe('Soft wool\nblend');
  });
});

describe('cleaning what exporters leave in text', () => {
  it('decodes WooCommerce\'s "\\n" escapes into line breaks', () => {
    expect(decodeEscapes('First line.\\nSecond line.\\r\\nThird\\tcell.')).toBe(
      'First line.\nSecond line.\nThird cell.',
    );
  });

  it('repairs double-encoded UTF-8 and drops what cannot be repaired', () => {
    expect(repairMojibake('donâ€™t Ã©tÃ© Â\u00a0gap')).toBe('don’t été \u00a0gap');
    expect(cleanText('Â \nNote Â ')).toBe('Note');
    // Genuine accented capitals stay.
    expect(cleanText('CHÂTEAU SÃO PAULO Größe café\u00a0au lait')).toBe(
      'CHÂTEAU SÃO PAULO Größe café au lait',
    );
  });

  it('drops control characters and lines that are only punctuation', () => {
    expect(htmlToText('<p>Soft\u0007 wool</p>\\n.'.replace('\\n', '\n'))).toBe('Soft wool');
    expect(htmlToText('<p>Useful links &rsquo;</p><p>.</p><p>Â </p>')).toBe('Useful links ’');
  });

  it('decodes every HTML entity, named or numbered', () => {
    expect(htmlToText('<b>5&frac12; &Omega; &#x2713; &lsaquo;x&rsaquo; &NotANamedEntity;</b>')).toBe(
      '5½ Ω ✓ ‹x› &NotANamedEntity;',
    );
  });
});
