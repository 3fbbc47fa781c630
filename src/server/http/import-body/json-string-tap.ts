// Reads a JSON document as its text arrives and hands the strings at chosen paths to a sink piece by piece,
// decoded, without building the document: new-bundle's list (`raw_csv`, `store_export.text`) is counted by
// import-limits.ts while the body is still coming in. Short strings at other paths (`columns`) are collected.
// It only follows the structure; JSON.parse, later, is the judge of whether the document is valid. It refuses
// a document nested past MAX_JSON_DEPTH as soon as it opens the level too many, as parseRequestJson would:
// each string works out its path from the stack, so a deep body would cost depth × strings.
import { MAX_JSON_DEPTH, tooDeep } from '../json-depth';

export type TapSink = {
  /** The path of a string value whose text should be streamed, e.g. "raw_csv" or "store_export.text". */
  streams: (path: string) => boolean;
  chunk: (path: string, text: string) => void;
  /** A whole string value at any other path (an array index is "[]"), up to COLLECT_MAX characters. */
  value?: (path: string, text: string) => void;
};

type Frame = { isObject: boolean; key: string; expectKey: boolean };

const COLLECT_MAX = 1_000;
const ESCAPES: Record<string, string> = {
  n: '\n',
  t: '\t',
  r: '\r',
  b: '\b',
  f: '\f',
  '"': '"',
  '\\': '\\',
  '/': '/',
};

/** Where the tap is in the document, kept between chunks. */
type TapState = {
  sink: TapSink;
  stack: Frame[];
  inString: boolean;
  isKey: boolean;
  path: string;
  isStreamed: boolean;
  collected: string;
  pendingEscape: string | null;
  /** A streamed string's pieces (one per escape) go out joined: once per arriving chunk and at its end. */
  pieces: string[];
};

/** The next quote and backslash in the chunk at or after the reader, found natively and kept until passed. */
type Ahead = { quoteAt: number; slashAt: number };

export function createJsonStringTap(sink: TapSink) {
  const state: TapState = {
    sink,
    stack: [],
    inString: false,
    isKey: false,
    path: '',
    isStreamed: false,
    collected: '',
    pendingEscape: null,
    pieces: [],
  };
  return (text: string) => {
    const ahead: Ahead = { quoteAt: -1, slashAt: -1 };
    let i = 0;
    // Each phase reads as far as it can in one call (a string's whole run, the structure up to the next
    // string), so the loop turns once per phase change, not once per character.
    while (i < text.length) {
      if (!state.inString) i = readStructure(state, text, i);
      else if (state.pendingEscape !== null) i = readEscape(state, text, i);
      else i = readStringText(state, text, i, ahead);
    }
    flush(state);
  };
}

/** Outside strings: tracks objects, arrays and keys until a string opens; returns where reading stopped. */
function readStructure(state: TapState, text: string, from: number): number {
  const { stack } = state;
  let i = from;
  while (i < text.length) {
    const ch = text[i]!;
    i += 1;
    const top = stack.at(-1);
    if (ch === '"') {
      state.inString = true;
      state.isKey = top?.isObject === true && top.expectKey;
      state.path = state.isKey ? '' : pathOf(stack);
      state.isStreamed = !state.isKey && state.sink.streams(state.path);
      return i;
    }
    if (ch === '{' || ch === '[') {
      stack.push({ isObject: ch === '{', key: '', expectKey: ch === '{' });
      if (stack.length > MAX_JSON_DEPTH) throw tooDeep();
    } else if (ch === '}' || ch === ']') stack.pop();
    else if (ch === ',' && top?.isObject) top.expectKey = true;
  }
  return i;
}

/** One character of an escape (a \u escape takes five after the backslash); emits it once whole. */
function readEscape(state: TapState, text: string, i: number): number {
  const sequence = `${state.pendingEscape ?? ''}${text.charAt(i)}`;
  if (sequence.startsWith('u') && sequence.length < 5) {
    state.pendingEscape = sequence;
    return i + 1;
  }
  emit(
    state,
    sequence.startsWith('u')
      ? String.fromCharCode(Number.parseInt(sequence.slice(1), 16) || 0)
      : (ESCAPES[sequence] ?? sequence),
  );
  state.pendingEscape = null;
  return i + 1;
}

/** Inside a string: a stretch decoded natively where it can be, else the run up to the next quote or backslash. */
function readStringText(state: TapState, text: string, i: number, ahead: Ahead): number {
  if (state.isStreamed) {
    const end = wholeEscapesEnd(text, i);
    const decoded = end - i >= NATIVE_MIN_CHARS ? decodeNatively(text.slice(i, end)) : null;
    if (decoded !== null) {
      emit(state, decoded);
      return end;
    }
  }
  if (ahead.quoteAt < i) ahead.quoteAt = nextAt(text, '"', i);
  if (ahead.slashAt < i) ahead.slashAt = nextAt(text, '\\', i);
  const end = Math.min(ahead.quoteAt, ahead.slashAt);
  emit(state, text.slice(i, end));
  if (end >= text.length) return text.length;
  if (text.charCodeAt(end) === 92) state.pendingEscape = '';
  else endString(state);
  return end + 1;
}

function nextAt(text: string, ch: string, from: number): number {
  const at = text.indexOf(ch, from);
  return at < 0 ? text.length : at;
}

function pathOf(stack: Frame[]): string {
  return stack
    .map((frame) => (frame.isObject ? frame.key : '[]'))
    .filter((part, index) => index > 0 || part !== '[]')
    .join('.');
}

function flush(state: TapState): void {
  if (state.pieces.length === 0) return;
  const joined = state.pieces.join('');
  state.pieces = [];
  state.sink.chunk(state.path, joined);
}

function emit(state: TapState, text: string): void {
  if (text === '') return;
  if (state.isStreamed) state.pieces.push(text);
  else if (state.collected.length < COLLECT_MAX) {
    state.collected += text.slice(0, COLLECT_MAX - state.collected.length);
  }
}

function endString(state: TapState): void {
  flush(state);
  state.inString = false;
  const top = state.stack.at(-1);
  if (state.isKey && top) {
    top.key = state.collected;
    top.expectKey = false;
  } else if (!state.isStreamed) {
    state.sink.value?.(state.path, state.collected);
  }
  state.collected = '';
}

/**
 * A streamed string's text is mostly escapes (a CSV's \n and \" in every row): read one by one here they
 * cost more than counting the rows. A stretch of whole escapes is decoded by JSON.parse instead, natively,
 * and anything it refuses (a raw control character, a bad escape) is read the slow way (readStringText).
 */
const NATIVE_MIN_CHARS = 256;

/** Where the stretch from `from` (an escape boundary) ends: at the string's closing quote or before an escape the chunk cuts. */
function wholeEscapesEnd(text: string, from: number): number {
  for (let quote = text.indexOf('"', from); quote >= 0; quote = text.indexOf('"', quote + 1)) {
    let slashes = 0;
    while (quote - slashes - 1 >= from && text.charCodeAt(quote - slashes - 1) === 92) slashes += 1;
    if (slashes % 2 === 0) return quote;
  }
  // A backslash among the last six characters may start an escape the next chunk finishes (\u00e4 is six
  // long): the stretch stops at the start of its run of backslashes, always an escape boundary.
  const end = text.length;
  let cut = text.lastIndexOf('\\', end - 1);
  if (cut < 0 || cut < end - 6 || cut < from) return end;
  while (cut > from && text.charCodeAt(cut - 1) === 92) cut -= 1;
  return cut;
}

function decodeNatively(stretch: string): string | null {
  try {
    return JSON.parse(`"${stretch}"`) as string;
  } catch {
    return null;
  }
}
