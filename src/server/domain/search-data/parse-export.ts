// Reads a Search Console Performance export: the ZIP the UI downloads (Pages.csv, Chart.csv or Dates.csv,
// Queries.csv, Filters.csv, …) or Pages.csv on its own. The tables are told apart by their first header,
// not their file names, because the names are translated with the UI. Numbers may use a decimal comma
// ("3,0 %", "4,2"); CTR comes as a percentage ("10%", "10.5%").
import { unzipSync } from 'fflate';
import Papa from 'papaparse';
import { AppError } from '../../leaves/app-error/app-error';
import { FIGURES, type Figure, figureOf } from './export-headers';

export type PageRow = { url: string; clicks: number; impressions: number; ctr: number; position: number };
export type SearchExport = {
  pages: PageRow[];
  /** The header each figure was read from. */
  columns: Record<Figure, string>;
  /** First and last day of the date table, as Search Console states them; null without one. */
  period: { start: string; end: string } | null;
};

/** More rows than any export of one property's pages: the UI gives 1,000, the API 50,000 a day. */
export const MAX_PAGE_ROWS = 100_000;
const MAX_UNZIPPED_BYTES = 64 * 1024 * 1024;

/**
 * MAX_PAGE_ROWS, held to the text as it arrives (src/server/http/import-body/import-body.ts hands it each row): a
 * file past it is refused at the first row too many, before the rest is read. Counted as readTable counts:
 * blank rows skipped, the header not a page.
 */
export function createPageRowLimit(name: string): (fields: readonly string[], record: number) => void {
  let rows = 0;
  return (fields, record) => {
    if (fields.every((field) => field.trim() === '')) return;
    rows += 1;
    if (rows > MAX_PAGE_ROWS + 1) {
      throw new AppError(
        'bad_input',
        `${name} row ${record}: more than ${MAX_PAGE_ROWS} rows; at most ${MAX_PAGE_ROWS}.`,
      );
    }
  };
}

type Table = { headers: string[]; rows: string[][]; name: string };

function readTable(text: string, name: string): Table {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' });
  const [headers = [], ...rows] = parsed.data;
  return { headers, rows, name };
}

export function parseSearchExport(input: { text?: string; zip?: Uint8Array }): SearchExport {
  const tables = input.zip ? zipTables(input.zip) : [readTable(input.text ?? '', 'the text')];
  const pages = tables.find((table) => figureOf(table.headers[0] ?? '') === 'page');
  if (!pages) {
    const seen = tables.map((table) => `${table.name} (${(table.headers[0] ?? '').trim() || 'empty'})`);
    throw new AppError(
      'bad_input',
      `No pages table found: expected a first column "Top pages" (Pages.csv); read ${seen.join(', ')}.`,
    );
  }
  const dates = tables.find((table) => figureOf(table.headers[0] ?? '') === 'date');
  return { ...readPages(pages), period: dates ? readPeriod(dates) : null };
}

function zipTables(zip: Uint8Array): Table[] {
  let files: Record<string, Uint8Array>;
  let total = 0;
  try {
    files = unzipSync(zip, {
      filter: (file) => {
        total += file.originalSize;
        if (total > MAX_UNZIPPED_BYTES) throw new Error('too big');
        return file.name.toLowerCase().endsWith('.csv');
      },
    });
  } catch {
    throw new AppError(
      'bad_input',
      'zip_base64 is not a readable ZIP of CSV files (at most 64 MB unpacked).',
    );
  }
  const decoder = new TextDecoder('utf-8');
  return Object.entries(files).map(([name, bytes]) => readTable(decoder.decode(bytes), name));
}

function readPages(table: Table): Pick<SearchExport, 'pages' | 'columns'> {
  const at = new Map<Figure, number>();
  table.headers.forEach((header, index) => {
    const figure = figureOf(header);
    if (figure && figure !== 'date' && !at.has(figure)) at.set(figure, index);
  });
  const missing = FIGURES.filter((figure) => !at.has(figure));
  if (missing.length > 0) {
    throw new AppError(
      'bad_input',
      `${table.name}: no column for ${missing.join(', ')} in the header "${table.headers.join(',')}".`,
    );
  }
  if (table.rows.length > MAX_PAGE_ROWS) {
    throw new AppError('bad_input', `${table.name}: ${table.rows.length} rows; at most ${MAX_PAGE_ROWS}.`);
  }
  const columns = Object.fromEntries(
    FIGURES.map((figure) => [figure, table.headers[at.get(figure)!]!.trim()]),
  );
  const pages = table.rows.map((row, index) => {
    const line = index + 2;
    const cell = (figure: Figure) => (row[at.get(figure)!] ?? '').trim();
    const url = cell('page');
    if (!url) throw new AppError('bad_input', `${table.name} row ${line}: the page URL is empty.`);
    const clicks = parseCount(cell('clicks'), `${table.name} row ${line}, ${columns.clicks}`);
    const impressions = parseCount(cell('impressions'), `${table.name} row ${line}, ${columns.impressions}`);
    const ctr = parseCtr(cell('ctr'), `${table.name} row ${line}, ${columns.ctr}`);
    const position = parseDecimal(cell('position'), `${table.name} row ${line}, ${columns.position}`);
    return { url, clicks, impressions, ctr, position };
  });
  return { pages, columns: columns as Record<Figure, string> };
}

const SPACES = /[\s\u00a0\u202f]/g;

/** A whole count; thousands separators of any locale ("1,234", "1.234", "1 234") are dropped. */
export function parseCount(raw: string, where: string): number {
  const cleaned = raw.replace(SPACES, '').replace(/[.,'’]/g, '');
  if (!/^\d+$/.test(cleaned)) throw new AppError('bad_input', `${where}: "${raw}" is not a whole number.`);
  return Number(cleaned);
}

/** A decimal with a point or a comma ("4.2", "4,2"); with both, the last one is the decimal mark. */
export function parseDecimal(raw: string, where: string): number {
  const cleaned = raw.replace(SPACES, '');
  const mark = Math.max(cleaned.lastIndexOf('.'), cleaned.lastIndexOf(','));
  const normal =
    mark < 0 ? cleaned : `${cleaned.slice(0, mark).replace(/[.,]/g, '')}.${cleaned.slice(mark + 1)}`;
  if (!/^-?\d+(\.\d+)?$/.test(normal)) throw new AppError('bad_input', `${where}: "${raw}" is not a number.`);
  return Number(normal);
}

/** "10%", "10.5%", "3,0 %" → 0.1, 0.105, 0.03; a bare number ≤ 1 is already a fraction (the API's form). */
export function parseCtr(raw: string, where: string): number {
  const isPercent = raw.includes('%');
  const value = parseDecimal(raw.replace('%', ''), where);
  const ctr = isPercent || value > 1 ? value / 100 : value;
  if (ctr < 0 || ctr > 1)
    throw new AppError('bad_input', `${where}: "${raw}" is not a CTR between 0 and 100%.`);
  return ctr;
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

function readPeriod(table: Table): { start: string; end: string } | null {
  const days = table.rows.map((row) => (row[0] ?? '').trim()).filter((day) => ISO_DAY.test(day));
  if (days.length === 0) return null;
  days.sort();
  return { start: days[0]!, end: days.at(-1)! };
}
