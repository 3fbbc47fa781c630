// The store's main Merchant Center feed, as the user uploads it for merchant_id_scheme from_feed: a
// products export in TSV, CSV or XML (RSS 2.0 or Atom with the g: namespace). Only what matching needs is
// kept: id, link, the variant attributes, mpn and gtin (docs/store-formats.md §c).
import Papa from 'papaparse';
import { AppError } from '../../leaves/app-error/app-error';

export type MainFeedItem = {
  id: string;
  /** The handle or slug: the link's last path segment, lower case. */
  slug: string;
  /** color, size, material and pattern values, lower case, sorted: what tells variants apart. */
  values: string[];
  mpn: string;
  gtin: string;
};

const VARIANT_ATTRIBUTES = ['color', 'size', 'material', 'pattern'] as const;
const FIELDS = ['id', 'link', ...VARIANT_ATTRIBUTES, 'mpn', 'gtin'] as const;
type Field = (typeof FIELDS)[number];

const bad = (message: string) => new AppError('bad_input', `main_feed: ${message}`);

/** The last path segment of a product link, decoded and lower case ('' for none). */
export function linkSlug(link: string): string {
  const path = link
    .trim()
    .replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '')
    .replace(/[?#].*$/, '');
  const last = path.split('/').filter(Boolean).at(-1) ?? '';
  try {
    return decodeURIComponent(last).toLowerCase();
  } catch {
    return last.toLowerCase();
  }
}

function item(get: (field: Field) => string): MainFeedItem | null {
  const id = get('id').trim();
  if (!id) return null;
  return {
    id,
    slug: linkSlug(get('link')),
    values: VARIANT_ATTRIBUTES.map((name) => get(name).trim().toLowerCase())
      .filter(Boolean)
      .sort(),
    mpn: get('mpn').trim(),
    gtin: get('gtin')
      .trim()
      .replace(/^0+(?=\d{8})/, ''),
  };
}

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const decodeXml = (text: string) =>
  text
    .replace(/^\s*<!\[CDATA\[([\s\S]*?)\]\]>\s*$/, '$1')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name.startsWith('#x') || name.startsWith('#X'))
        return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
      if (name.startsWith('#')) return String.fromCodePoint(Number.parseInt(name.slice(1), 10));
      return XML_ENTITIES[name.toLowerCase()] ?? whole;
    });

// Rows read between two turns of the event loop: a 100,000-item feed never holds it for long.
const ROWS_PER_TURN = 1_000;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

async function parseXml(text: string): Promise<MainFeedItem[]> {
  const blocks = /<(item|entry)\b[^>]*>[\s\S]*?<\/\1>/g;
  const items: MainFeedItem[] = [];
  let seen = 0;
  for (let match = blocks.exec(text); match; match = blocks.exec(text)) {
    const block = match[0];
    const get = (field: Field) => {
      // g:id first; a plain <link> (RSS) or <link href> (Atom) when there is no g:link.
      const tag = new RegExp(`<(?:g:)?${field}\\b[^>]*>([\\s\\S]*?)</(?:g:)?${field}>`, 'i').exec(block);
      if (tag) return decodeXml(tag[1]!);
      if (field === 'link') return decodeXml(/<link\b[^>]*href="([^"]*)"/i.exec(block)?.[1] ?? '');
      return '';
    };
    const found = item(get);
    if (found) items.push(found);
    if (++seen % ROWS_PER_TURN === 0) await nextTurn();
  }
  if (seen === 0) throw bad('the XML has no <item> or <entry>.');
  return items;
}

/** A TSV or CSV feed, read a thousand rows per turn of the event loop (Papa's pause and resume). */
function parseTable(text: string): Promise<MainFeedItem[]> {
  const firstLine = text.slice(0, text.indexOf('\n') >>> 0);
  const delimiter = firstLine.includes('\t') ? '\t' : ',';
  return new Promise((resolve, reject) => {
    const items: MainFeedItem[] = [];
    let index: Record<Field, number> | undefined;
    let rows = 0;
    Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), {
      delimiter,
      skipEmptyLines: true,
      step: (result, parser) => {
        const row = result.data;
        if (!index) {
          const names = row.map((name) => name.trim().toLowerCase().replace(/^g:/, ''));
          if (!names.includes('id')) {
            parser.abort();
            reject(bad('its first row has no id column (TSV, CSV or XML expected).'));
            return;
          }
          index = Object.fromEntries(FIELDS.map((field) => [field, names.indexOf(field)])) as Record<
            Field,
            number
          >;
          return;
        }
        const columns = index;
        const found = item((field) => (columns[field] >= 0 ? (row[columns[field]] ?? '') : ''));
        if (found) items.push(found);
        if (++rows % ROWS_PER_TURN === 0) {
          parser.pause();
          setImmediate(() => parser.resume());
        }
      },
      complete: () => resolve(items),
    });
  });
}

/** The items of a main feed; a feed with no item, or no id column, is a 400 naming main_feed. */
export async function parseMainFeed(text: string): Promise<MainFeedItem[]> {
  const items = /^\s*(<\?xml|<rss|<feed)/i.test(text) ? await parseXml(text) : await parseTable(text);
  if (items.length === 0) throw bad('it has no item with an id.');
  return items;
}
