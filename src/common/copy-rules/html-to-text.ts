// Reduces store-export HTML (Shopify's Body (HTML), WooCommerce descriptions) to plain text, and cleans what
// exporters leave in text: WooCommerce's "\n" escapes, double-encoded UTF-8 ("Â ", "â€™"), non-breaking
// spaces, control characters. It runs in a web worker, where there is no DOMParser, so it works on the markup
// as text; entities are decoded by `entities` (the WHATWG table, numeric references included).
import { decodeHTML } from 'entities';

// Windows-1252's characters for the bytes 0x80–0x9F, which is how most double-encoded text shows them.
const CP1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';
const BYTE_OF = new Map<string, number>([
  ...[...CP1252_HIGH].map((char, index) => [char, 0x80 + index] as [string, number]),
  ...Array.from(
    { length: 0x60 },
    (_, index) => [String.fromCharCode(0xa0 + index), 0xa0 + index] as [string, number],
  ),
]);
const HIGH_CLASS = `\\u00a0-\\u00ff${CP1252_HIGH.replace(/[\]\\^-]/g, '\\$&')}`;
// A lead byte (Â…ô as Latin-1) and one to three bytes that read as Windows-1252 text.
const MOJIBAKE_RUN = new RegExp(`[\\u00c2-\\u00f4][${HIGH_CLASS}]{1,3}`, 'g');
const utf8 = new TextDecoder('utf-8', { fatal: true });

function repairRun(run: string): string {
  const bytes = [...run].map((char) => BYTE_OF.get(char));
  if (bytes.some((byte) => byte === undefined)) return run;
  try {
    return utf8.decode(new Uint8Array(bytes as number[]));
  } catch {
    return run;
  }
}

/**
 * Undoes UTF-8 that was read as Windows-1252 and saved again ("â€™" → "’", "Ã©" → "é", "Â " → " "), up to
 * three times over; what still reads as mojibake after that (a lone "Â", "â€" with a lost byte) is dropped.
 */
export function repairMojibake(text: string): string {
  let current = text;
  for (let pass = 0; pass < 3; pass++) {
    const next = current.replace(MOJIBAKE_RUN, repairRun);
    if (next === current) break;
    current = next;
  }
  return current.replace(
    /â€[\u0080-\u00ff‘’“”•–—˜™š›œžŸ€‚ƒ„…†‡ˆ‰Š‹ŒŽ]?|Ã[\u0080-\u00bf]|Â(?=[\s\u00a0]|$)/g,
    '',
  );
}

/** WooCommerce's exporter writes a line break inside a cell as the two characters "\n" (and "\r", "\t"). */
export function decodeEscapes(text: string): string {
  return text.replace(/\\r\\n|\\n|\\r|\\t/g, (sequence) => (sequence === '\\t' ? ' ' : '\n'));
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point.
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u200b\ufeff]/g;

/**
 * Text as a reader should see it: mojibake repaired, control characters and zero-width spaces dropped,
 * non-breaking and other odd spaces as plain spaces, runs of spaces collapsed within each line, and at most
 * one blank line between blocks.
 */
export function cleanText(text: string): string {
  return repairMojibake(text.replace(/\r\n?/g, '\n'))
    .replace(CONTROL, '')
    .split('\n')
    .map((line) => line.replace(/[ \t\f\v\u00a0\u2000-\u200a\u202f\u205f\u3000]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

const BLOCK_TAGS = /<\/?(?:p|div|br|ul|ol|h[1-6]|tr|table|section|article|blockquote|hr)\b[^>]*>/gi;

/** Whether a field looks like markup rather than text that happens to hold a < sign. */
export function looksLikeHtml(text: string): boolean {
  return /<\/?[a-z][a-z0-9]*\b[^>]*>|&(?:#\d+|#x[0-9a-f]+|[a-z]+\d*);/i.test(text);
}

/**
 * Plain text of an HTML fragment: scripts and styles dropped, block elements as line breaks, list items
 * as "- " lines, entities decoded, then cleaned (cleanText). Text that is no markup is only cleaned.
 */
export function htmlToText(html: string): string {
  if (!looksLikeHtml(html)) return cleanText(html);
  const text = html
    .replace(/<(script|style|template)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<li\b[^>]*>/gi, '\n- ')
    .replace(/<\/li\s*>/gi, '')
    .replace(BLOCK_TAGS, '\n')
    .replace(/<[^>]*>/g, '');
  return cleanText(decodeHTML(text))
    .split('\n')
    .filter((line) => !/^[-–•]?\s*[.,;:!?]*$/.test(line) || line === '')
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
