// Limits before work: a store export or pasted list is counted as its text arrives, and refused
// (AppError bad_input naming the limit and the row) the moment it passes one: rows, products (variants
// included), images of one product, the length of a cell and of a row. One pass, constant work per
// character, and memory for the current row and the handles seen only, so a 1,000,000-row file costs what
// its first 50,001 products cost. The full parse (parse-store-export.ts, parse-product-list.ts) runs after,
// off the event loop, only on text that passed.
import Papa from 'papaparse';
import { BUNDLE_LIMITS } from '../../../common/contract/constants';
import { fmt, listRows, type RowCheck, refuse, storeExportRows } from './import-row-checks';
import { chooseDelimiter } from './parse-product-list';

export type ScanTarget =
  | { kind: 'store_export' }
  /** A pasted list; its columns when the request gave them before the list (else fewer checks run here). */
  | { kind: 'list'; columns?: readonly string[] }
  /** Any other CSV (a Search Console export): its own row check, beside the cell and row lengths here. */
  | { kind: 'table'; checkRow: RowCheck };

export type ImportScanner = { push: (text: string) => void; end: () => void };

const QUOTE = 34;
const LF = 10;
const CR = 13;
/** Text held back to choose the delimiter from: ten lines, or this much of a longer first line. */
const DELIMITER_SAMPLE_CHARS = 64 * 1024;
const DELIMITER_SAMPLE_LINES = 10;

/** Where the scan is in the text, kept between chunks. */
type ScanState = {
  target: ScanTarget;
  checkRow: RowCheck;
  /** Text held back until the delimiter is chosen. */
  sample: string;
  /** The delimiter's char code, -1 until chosen. */
  delimiter: number;
  inQuotes: boolean;
  afterQuote: boolean;
  field: string;
  fieldLength: number;
  rowLength: number;
  fields: string[];
  /** Records ended so far, blank ones included: the next one is record + 1, as a spreadsheet numbers rows. */
  record: number;
  /** The next character that matters outside quotes, found by the regex engine rather than char by char. */
  special: RegExp;
  /** A CRLF split between two chunks is one line end, not a blank row after it. */
  endedOnCR: boolean;
};

export function createImportScanner(target: ScanTarget): ImportScanner {
  const state: ScanState = {
    target,
    checkRow: rowCheckFor(target),
    sample: '',
    delimiter: -1,
    inQuotes: false,
    afterQuote: false,
    field: '',
    fieldLength: 0,
    rowLength: 0,
    fields: [],
    record: 0,
    special: /[,\r\n"]/g,
    endedOnCR: false,
  };
  return {
    push(text) {
      if (state.delimiter >= 0) return tokenize(state, text);
      state.sample += text;
      const { sample } = state;
      if (sample.length < DELIMITER_SAMPLE_CHARS && countLines(sample) < DELIMITER_SAMPLE_LINES) return;
      scanSample(state);
    },
    end() {
      if (state.delimiter < 0) scanSample(state);
      if (state.inQuotes || state.rowLength > 0 || state.fields.length > 0) endRow(state);
    },
  };
}

function rowCheckFor(target: ScanTarget): RowCheck {
  if (target.kind === 'table') return target.checkRow;
  return target.kind === 'store_export' ? storeExportRows() : listRows(target.columns);
}

/** The held sample chooses the delimiter, then is scanned as any later text is. */
function scanSample(state: ScanState): void {
  const held = state.sample.replace(/^\uFEFF/, '');
  state.sample = '';
  chooseDelimiterFrom(state, held);
  tokenize(state, held);
}

function chooseDelimiterFrom(state: ScanState, text: string): void {
  const { target } = state;
  const columns = target.kind === 'list' ? target.columns : undefined;
  const chosen = columns
    ? chooseDelimiter(text, columns.length)
    : Papa.parse<string[]>(text, {
        preview: DELIMITER_SAMPLE_LINES,
        ...(target.kind === 'list' ? { delimitersToGuess: ['\t', ',', ';'] } : {}),
      }).meta.delimiter;
  state.delimiter = (chosen || ',').charCodeAt(0);
  state.special = new RegExp(`[\\u${state.delimiter.toString(16).padStart(4, '0')}\\r\\n"]`, 'g');
}

/** Splits a chunk into fields and rows, jumping from one character that matters to the next. */
function tokenize(state: ScanState, text: string): void {
  if (text === '') return;
  const length = text.length;
  let i = state.endedOnCR && !state.inQuotes && text.charCodeAt(0) === LF ? 1 : 0;
  let start = i;
  state.endedOnCR = false;
  const { special } = state;
  while (i < length) {
    if (state.inQuotes) {
      const quote = text.indexOf('"', i);
      if (quote < 0) break;
      append(state, text, start, quote);
      state.inQuotes = false;
      state.afterQuote = true;
      start = quote + 1;
      i = quote + 1;
      continue;
    }
    if (state.afterQuote) {
      state.afterQuote = false;
      if (text.charCodeAt(i) === QUOTE) {
        // "" inside quotes is one quote; the field goes on quoted.
        state.inQuotes = true;
        start = i;
        i += 1;
        continue;
      }
    }
    special.lastIndex = i;
    const at = special.exec(text)?.index ?? length;
    if (at >= length) break;
    const c = text.charCodeAt(at);
    i = at + 1;
    if (c === QUOTE) {
      // A quote opens a field only at its start; inside an unquoted field it is text.
      if (state.fieldLength === 0 && start === at) {
        state.inQuotes = true;
        start = at + 1;
      }
    } else if (c === state.delimiter) {
      append(state, text, start, at);
      endField(state);
      start = i;
    } else {
      append(state, text, start, at);
      endRow(state);
      if (c === CR && i === length) state.endedOnCR = true;
      else if (c === CR && text.charCodeAt(i) === LF) i += 1;
      start = i;
    }
  }
  append(state, text, start, length);
}

const where = (state: ScanState) =>
  `Row ${fmt(state.record + 1)}${state.target.kind === 'store_export' ? ' of the file' : ''}`;

/** Adds text to the current field, refusing it the moment the field or the row passes its length limit. */
function append(state: ScanState, text: string, start: number, end: number): void {
  if (end <= start) return;
  state.fieldLength += end - start;
  state.rowLength += end - start;
  if (state.fieldLength > BUNDLE_LIMITS.maxCellLength) {
    throw refuse(
      `${where(state)}, field ${state.fields.length + 1} is longer than ${fmt(BUNDLE_LIMITS.maxCellLength)} characters; the limit is ${fmt(BUNDLE_LIMITS.maxCellLength)} per field.`,
    );
  }
  if (state.rowLength > BUNDLE_LIMITS.maxRowLength) {
    throw refuse(
      `${where(state)} is longer than ${fmt(BUNDLE_LIMITS.maxRowLength)} characters; the limit is ${fmt(BUNDLE_LIMITS.maxRowLength)} per row.`,
    );
  }
  state.field += text.slice(start, end);
}

function endField(state: ScanState): void {
  state.fields.push(state.field);
  state.field = '';
  state.fieldLength = 0;
}

function endRow(state: ScanState): void {
  endField(state);
  state.record += 1;
  if (state.rowLength > 0) state.checkRow(state.fields, state.record);
  state.fields = [];
  state.rowLength = 0;
}

function countLines(text: string): number {
  let lines = 0;
  for (
    let at = text.indexOf('\n');
    at >= 0 && lines < DELIMITER_SAMPLE_LINES;
    at = text.indexOf('\n', at + 1)
  )
    lines += 1;
  return lines;
}
