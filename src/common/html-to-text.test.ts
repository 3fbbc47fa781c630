import { describe, expect, it } from 'vitest';
import { htmlToText, looksLikeHtml } from './html-to-text';

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
