import { describe, expect, it } from 'vitest';
import { AGENT_FEED_REPORT_HEADERS } from './agent-feed-writer';
import { COLUMN_KINDS, escapeForScript, escapeTags, stripTags, writeCells } from './column-kinds';
import { MERCHANT_REPORT_HEADERS, merchantHeaders } from './merchant';
import { REDIRECT_HEADERS, REDIRECTION_PLUGIN_HEADERS } from './redirects';
import { EXPORT_HEADERS } from './rows';
import { shopifyExportHeaders } from './shopify';
import { SHOPIFY_TRANSLATION_HEADERS } from './shopify-translations';
import { WOOCOMMERCE_HEADERS } from './woocommerce';

describe('column kinds', () => {
  it('give every header of every file a kind', () => {
    const files: [keyof typeof COLUMN_KINDS, readonly string[]][] = [
      ['csv', EXPORT_HEADERS],
      ['shopify', shopifyExportHeaders(true)],
      ['shopify-translations', SHOPIFY_TRANSLATION_HEADERS],
      ['woocommerce', WOOCOMMERCE_HEADERS],
      ['merchant', [...merchantHeaders(true), ...merchantHeaders(false)]],
      ['merchant-report', MERCHANT_REPORT_HEADERS],
      ['agent-feed-report', AGENT_FEED_REPORT_HEADERS],
      ['redirects', REDIRECT_HEADERS],
      ['woocommerce-redirects', REDIRECTION_PLUGIN_HEADERS],
    ];
    for (const [file, headers] of files)
      for (const header of headers)
        expect(Object.keys(COLUMN_KINDS[file]), `${file} ${header}`).toContain(header);
  });

  it('escape markup in names, and leave quotes and a plain & alone', () => {
    expect(escapeTags('<script>alert(1)</script> Chair')).toBe('&lt;script&gt;alert(1)&lt;/script&gt; Chair');
    expect(escapeTags('12" Salt & Pepper Mill')).toBe('12" Salt & Pepper Mill');
    expect(escapeTags('&lt;b&gt; &#60; &#x3c;')).toBe('&amp;lt;b&amp;gt; &amp;#60; &amp;#x3c;');
  });

  it('drop markup from plain text, keeping a < that opens nothing', () => {
    expect(stripTags('<script>alert(1)</script> Chair <b>bold</b>')).toBe('alert(1) Chair bold');
    expect(stripTags('Cable < 1 m, 3<5 <!-- x --> ok <scr')).toBe('Cable < 1 m, 3<5  ok scr');
  });

  it('write a row cell by cell: keys as they are, names escaped, text stripped', () => {
    expect(
      writeCells('shopify', ['Variant SKU', 'Title', 'Body (HTML)'], ['<a>', '<a>', '<p>x</p>']),
    ).toEqual(['<a>', '&lt;a&gt;', '<p>x</p>']);
    expect(writeCells('merchant', ['id', 'title'], ['<i>1', '<i>Lamp</i>'])).toEqual(['<i>1', 'Lamp']);
    expect(() => writeCells('merchant', ['nope'], ['x'])).toThrow(/No column kind/);
  });

  it('write JSON for a script element with no < > or &, reading back the same', () => {
    const value = { name: '</script><!-- & <script>alert(1)</script>' };
    const text = escapeForScript(JSON.stringify(value));
    expect(text).not.toMatch(/[<>&]/);
    expect(JSON.parse(text)).toEqual(value);
  });
});
