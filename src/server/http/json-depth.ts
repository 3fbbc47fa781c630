// How deep a function's JSON body may nest. Zod's parse and the unsafe-text walk follow the structure, so a
// body nested 200,000 deep would overflow the stack (a 500) and a deep one is slow everywhere after it; no
// request of the contract nests past a handful of levels, so 64 refuses only what no client sends. The text
// is scanned before JSON.parse: one linear pass that skips string contents with indexOf.
import { AppError } from '../leaves/app-error/app-error';

export const MAX_JSON_DEPTH = 64;

export const tooDeep = () =>
  new AppError(
    'bad_input',
    `The request body is nested more than ${MAX_JSON_DEPTH} levels deep, the limit for a request's JSON.`,
  );

/** Throws bad_input when the JSON text opens more than MAX_JSON_DEPTH arrays and objects inside each other. */
export function refuseDeepJson(text: string): void {
  const structure = /["[\]{}]/g;
  let depth = 0;
  for (let match = structure.exec(text); match; match = structure.exec(text)) {
    const char = match[0];
    if (char === '"') {
      structure.lastIndex = endOfString(text, match.index + 1);
    } else if (char === '[' || char === '{') {
      depth += 1;
      if (depth > MAX_JSON_DEPTH) throw tooDeep();
    } else {
      depth -= 1;
    }
  }
}

/** The index after the quote that closes the string whose text starts at `from` (the text's end if none). */
function endOfString(text: string, from: number): number {
  let at = from;
  for (;;) {
    const quote = text.indexOf('"', at);
    if (quote < 0) return text.length;
    let backslashes = 0;
    while (text.charCodeAt(quote - 1 - backslashes) === 92) backslashes += 1;
    if (backslashes % 2 === 0) return quote + 1;
    at = quote + 1;
  }
}
