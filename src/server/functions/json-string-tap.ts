// Reads a JSON document as its text arrives and hands the strings at chosen paths to a sink piece by piece,
// decoded, without building the document: new-bundle's list (`raw_csv`, `store_export.text`) is counted by
// import-limits.ts while the body is still coming in. Short strings at other paths (`columns`) are collected.
// It only follows the structure; JSON.parse, later, is the judge of whether the document is valid. It refuses
// a document nested past MAX_JSON_DEPTH as soon as it opens the level too many, as parseRequestJson would:
// each string works out its path from the stack, so a deep body would cost depth × strings.
import { MAX_JSON_DEPTH, tooDeep } from './json-depth';

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

export function createJsonStringTap(sink: TapSink) {
  const stack: Frame[] = [];
  let inString = false;
  let isKey = false;
  let path = '';
  let isStreamed = false;
  let collected = '';
  let pendingEscape: string | null = null;

  const pathOf = () =>
    stack
      .map((frame) => (frame.isObject ? frame.key : '[]'))
      .filter((part, index) => index > 0 || part !== '[]')
      .join('.');

  // A streamed string's pieces (one per escape) go out joined: once per arriving chunk and at its end.
  let pieces: string[] = [];
  const flush = () => {
    if (pieces.length === 0) return;
    const joined = pieces.join('');
    pieces = [];
    sink.chunk(path, joined);
  };
  const emit = (text: string) => {
    if (text === '') return;
    if (isStreamed) pieces.push(text);
    else if (collected.length < COLLECT_MAX) collected += text.slice(0, COLLECT_MAX - collected.length);
  };

  const endString = () => {
    flush();
    inString = false;
    const top = stack.at(-1);
    if (isKey && top) {
      top.key = collected;
      top.expectKey = false;
    } else if (!isStreamed) {
      sink.value?.(path, collected);
    }
    collected = '';
  };

  return (text: string) => {
    let i = 0;
    // The next quote and backslash at or after i, found natively and kept until passed.
    let quoteAt = -1;
    let slashAt = -1;
    const next = (ch: string, from: number) => {
      const at = text.indexOf(ch, from);
      return at < 0 ? text.length : at;
    };
    while (i < text.length) {
      if (inString) {
        if (pendingEscape !== null) {
          pendingEscape += text[i];
          i += 1;
          if (pendingEscape.startsWith('u') && pendingEscape.length < 5) continue;
          emit(
            pendingEscape.startsWith('u')
              ? String.fromCharCode(Number.parseInt(pendingEscape.slice(1), 16) || 0)
              : (ESCAPES[pendingEscape] ?? pendingEscape),
          );
          pendingEscape = null;
          continue;
        }
        if (isStreamed && pendingEscape === null) {
          const end = wholeEscapesEnd(text, i);
          const decoded = end - i >= NATIVE_MIN_CHARS ? decodeNatively(text.slice(i, end)) : null;
          if (decoded !== null) {
            emit(decoded);
            i = end;
            continue;
          }
        }
        // The run up to the next quote or backslash goes out in one piece.
        if (quoteAt < i) quoteAt = next('"', i);
        if (slashAt < i) slashAt = next('\\', i);
        const end = Math.min(quoteAt, slashAt);
        emit(text.slice(i, end));
        if (end >= text.length) break;
        if (text.charCodeAt(end) === 92) pendingEscape = '';
        else endString();
        i = end + 1;
        continue;
      }
      const ch = text[i]!;
      i += 1;
      const top = stack.at(-1);
      if (ch === '"') {
        inString = true;
        isKey = top?.isObject === true && top.expectKey;
        path = isKey ? '' : pathOf();
        isStreamed = !isKey && sink.streams(path);
      } else if (ch === '{' || ch === '[') {
        stack.push({ isObject: ch === '{', key: '', expectKey: ch === '{' });
        if (stack.length > MAX_JSON_DEPTH) throw tooDeep();
      } else if (ch === '}' || ch === ']') stack.pop();
      else if (ch === ',' && top?.isObject) top.expectKey = true;
    }
    flush();
  };
}

/**
 * A streamed string's text is mostly escapes (a CSV's \n and \" in every row): read one by one here they
 * cost more than counting the rows. A stretch of whole escapes is decoded by JSON.parse instead, natively,
 * and anything it refuses (a raw control character, a bad escape) is read the slow way above.
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
