// Approximate pixel widths of text as Google shows it in search results: titles in Arial 20px, descriptions
// in Arial 14px. Google cuts titles near 600 px and descriptions near 920 px (SEO_LIMITS), so a pixel
// estimate flags a title of wide capitals that a plain character count would pass.
import { SEO_LIMITS } from './copy-rules';

/** Google's result title and snippet font sizes, in CSS pixels. */
export const SERP_TITLE_FONT_PX = 20;
export const SERP_DESCRIPTION_FONT_PX = 14;

// Arial advance widths in thousandths of an em (the same metrics as Helvetica's AFM tables).
const ARIAL_WIDTHS: Record<string, number> = {
  ' ': 278,
  '!': 278,
  '"': 355,
  '#': 556,
  $: 556,
  '%': 889,
  '&': 667,
  "'": 191,
  '(': 333,
  ')': 333,
  '*': 389,
  '+': 584,
  ',': 278,
  '-': 333,
  '.': 278,
  '/': 278,
  ':': 278,
  ';': 278,
  '<': 584,
  '=': 584,
  '>': 584,
  '?': 556,
  '@': 1015,
  '[': 278,
  '\\': 278,
  ']': 278,
  '^': 469,
  _: 556,
  '`': 333,
  '{': 334,
  '|': 260,
  '}': 334,
  '~': 584,
  A: 667,
  B: 667,
  C: 722,
  D: 722,
  E: 667,
  F: 611,
  G: 778,
  H: 722,
  I: 278,
  J: 500,
  K: 667,
  L: 556,
  M: 833,
  N: 722,
  O: 778,
  P: 667,
  Q: 778,
  R: 722,
  S: 667,
  T: 611,
  U: 722,
  V: 667,
  W: 944,
  X: 667,
  Y: 667,
  Z: 611,
  a: 556,
  b: 556,
  c: 500,
  d: 556,
  e: 556,
  f: 278,
  g: 556,
  h: 556,
  i: 222,
  j: 222,
  k: 500,
  l: 222,
  m: 833,
  n: 556,
  o: 556,
  p: 556,
  q: 556,
  r: 333,
  s: 500,
  t: 278,
  u: 556,
  v: 500,
  w: 722,
  x: 500,
  y: 500,
  z: 500,
  '‘': 222,
  '’': 222,
  '“': 333,
  '”': 333,
  '–': 556,
  '—': 1000,
  '…': 1000,
  '•': 350,
  '·': 278,
  '×': 584,
  '€': 556,
  '£': 556,
  '©': 737,
  '®': 737,
  '™': 1000,
  '°': 400,
  ß: 611,
  æ: 889,
  Æ: 1000,
  ø: 611,
  Ø: 778,
  œ: 944,
  Œ: 1000,
};
for (let digit = 0; digit <= 9; digit++) ARIAL_WIDTHS[String(digit)] = 556;

// Lowercase Latin letters average about 0.5 em; used for characters the table does not know.
const FALLBACK_WIDTH = 556;
// Ideographs and most emoji are a full em wide.
const WIDE_CHARACTER =
  /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]|\p{Extended_Pictographic}/u;

function characterWidth(character: string): number {
  const known = ARIAL_WIDTHS[character];
  if (known !== undefined) return known;
  // Accented letters are as wide as their base letter: é → e.
  const base = character.normalize('NFD')[0];
  if (base !== undefined && base !== character) {
    const baseWidth = ARIAL_WIDTHS[base];
    if (baseWidth !== undefined) return baseWidth;
  }
  if (/\s/.test(character)) return ARIAL_WIDTHS[' ']!;
  if (WIDE_CHARACTER.test(character)) return 1000;
  return FALLBACK_WIDTH;
}

/** The approximate width of `text` in Arial at `fontSizePx`, in pixels (whitespace runs count once). */
export function estimateTextWidth(text: string, fontSizePx: number): number {
  let units = 0;
  for (const character of text.replace(/\s+/g, ' ')) units += characterWidth(character);
  return (units * fontSizePx) / 1000;
}

export const estimateTitleWidth = (title: string) => estimateTextWidth(title, SERP_TITLE_FONT_PX);
export const estimateDescriptionWidth = (description: string) =>
  estimateTextWidth(description, SERP_DESCRIPTION_FONT_PX);

const ELLIPSIS = ' ...';

/**
 * The text as a result page would show it: whole when it fits in `maxPx`, otherwise cut at the last word
 * that fits with " ..." after it, the way Google truncates.
 */
export function truncateToWidth(text: string, maxPx: number, fontSizePx: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (estimateTextWidth(clean, fontSizePx) <= maxPx) return clean;
  const room = maxPx - estimateTextWidth(ELLIPSIS, fontSizePx);
  let width = 0;
  let cut = 0;
  let lastSpace = -1;
  const characters = [...clean];
  for (; cut < characters.length; cut++) {
    const next = width + (characterWidth(characters[cut]!) * fontSizePx) / 1000;
    if (next > room) break;
    width = next;
    if (characters[cut] === ' ') lastSpace = cut;
  }
  const end = lastSpace > 0 ? lastSpace : cut;
  return `${characters.slice(0, end).join('').trimEnd()}${ELLIPSIS}`;
}

export const truncateTitle = (title: string) =>
  truncateToWidth(title, SEO_LIMITS.pageTitlePixels, SERP_TITLE_FONT_PX);
export const truncateDescription = (description: string) =>
  truncateToWidth(description, SEO_LIMITS.metaDescriptionPixels, SERP_DESCRIPTION_FONT_PX);
