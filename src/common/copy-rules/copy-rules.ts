// The rules copy is held to, on both sides: the limits Google shows (in characters and in pixels), how
// characters are counted and how a field is cut to its limit. What counts as a claim the product's own data
// must back lives in claims.ts. The server's check, the writers and the review screens read them
// from here, so the two sides cannot drift.

/** Google truncates titles near 60 characters (about 600 px) and descriptions near 155 (about 920 px). */
export const SEO_LIMITS = {
  pageTitleMax: 60,
  metaDescriptionMin: 120,
  metaDescriptionMax: 155,
  headingMax: 70,
  altTextMax: 125,
  pageTitlePixels: 600,
  metaDescriptionPixels: 920,
} as const;

/** Characters as a reader counts them: code points, so an emoji or an accented letter counts once. */
export function countCharacters(text: string): number {
  return [...text].length;
}

export {
  collectGroundedKeys,
  findClaims,
  findUngroundedTokens,
  MATERIAL_WORDS,
  type ProductFactValues,
  QUALITY_WORDS,
} from './claims';

import { isConnector } from './broken-text';

// Separators and joiners left dangling by a cut ("Name – Colour |" reads better as "Name – Colour").
const DANGLING_END = /[\s,;:|/\\–—&+-]+$/u;
/** A cut text without what leads nowhere at its end: separators, "&", and connector words. */
function withoutDanglingEnd(text: string): string {
  let rest = text.replace(DANGLING_END, '');
  for (;;) {
    const last = /(?:^|\s)(\p{L}+)$/u.exec(rest);
    if (!last || !isConnector(last[1]!) || last.index === 0) return rest;
    rest = rest.slice(0, last.index).replace(DANGLING_END, '');
  }
}

/**
 * Cuts text to at most `max` characters at a word boundary, with no ellipsis, and trims separators left
 * at the end. A single word longer than `max` is cut inside the word, as nothing else would fit.
 */
export function truncateAtWordBoundary(text: string, max: number): string {
  const characters = Array.from(text);
  if (characters.length <= max) return text;
  const head = characters.slice(0, max + 1).join('');
  // The last space at or before position `max` ends the last whole word that fits.
  const lastSpace = head.search(/\s\S*$/u);
  const cut = lastSpace > 0 ? head.slice(0, lastSpace) : '';
  const trimmed = withoutDanglingEnd(cut);
  return trimmed !== '' ? trimmed : characters.slice(0, max).join('').trimEnd();
}

/** Text as the phrase checks compare it: lowercase words (letters and digits) split by single spaces. */
function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/×/g, ' x ')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '');
}

function containsWords(haystack: string[], needle: string[]): boolean {
  if (needle.length === 0 || needle.length > haystack.length) return false;
  for (let start = 0; start + needle.length <= haystack.length; start++) {
    if (needle.every((word, offset) => haystack[start + offset] === word)) return true;
  }
  return false;
}

/** Whether `text` names an option value ("Silver", "45 × 30 cm"), as whole words, ignoring case. */
export function namesValue(text: string, value: string): boolean {
  return containsWords(wordsOf(text), wordsOf(value));
}

/** The banned phrases `text` contains, each as the workflow wrote it: whole phrase, any case. */
export function findBannedPhrases(text: string, banned: readonly string[]): string[] {
  const words = wordsOf(text);
  return banned.filter((phrase) => phrase.trim() !== '' && containsWords(words, wordsOf(phrase)));
}

/** `text` without any banned phrase, with the spaces and punctuation left behind tidied. */
export function removeBannedPhrases(text: string, banned: readonly string[]): string {
  let result = text;
  for (const phrase of banned) {
    const words = wordsOf(phrase);
    if (words.length === 0) continue;
    const pattern = new RegExp(
      `(?<![\\p{L}\\p{N}])${words.map(escapeRegExp).join('[^\\p{L}\\p{N}]+')}(?![\\p{L}\\p{N}])`,
      'giu',
    );
    result = result.replace(pattern, '');
  }
  return result === text
    ? text
    : result
        .replace(/[ \t]{2,}/g, ' ')
        .replace(/ +([,.;:!?])/g, '$1')
        .replace(/([,;:])(?=[.!?])/g, '')
        .replace(/(^|[.!?] )[ \t,;:!?.]+/gm, '$1')
        .replace(/^[ \t,;:]+|[ \t,;:]+$/gm, '')
        .trim();
}

/** `text` as a literal inside a regular expression. */
export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Edits (insert, delete, substitute) between two short strings. */
function editDistance(a: string, b: string): number {
  const previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = previous[0]!;
    previous[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = previous[j]!;
      previous[j] = Math.min(above + 1, previous[j - 1]! + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return previous[b.length]!;
}

/**
 * Near misses of protected terms in `text`: the same words in another case ("CopyLoom" for "Copyloom"), or a
 * spelling within one edit (two for terms of 10 letters or more), such as "Copyloon". An exact match is fine.
 */
export function findProtectedTermMisses(
  text: string,
  terms: readonly string[],
): { term: string; written: string }[] {
  const misses: { term: string; written: string }[] = [];
  const tokens = [...text.matchAll(/[\p{L}\p{N}]+(?:[-'’.][\p{L}\p{N}]+)*/gu)].map((m) => m[0]);
  for (const term of terms) {
    const termTokens = term.trim().split(/\s+/).filter(Boolean);
    if (termTokens.length === 0) continue;
    const exact = termTokens.join(' ');
    const lowerTerm = exact.toLowerCase();
    const allowed = lowerTerm.length >= 10 ? 2 : lowerTerm.length >= 5 ? 1 : 0;
    for (let start = 0; start + termTokens.length <= tokens.length; start++) {
      const written = tokens.slice(start, start + termTokens.length).join(' ');
      // The term itself, or its plural or possessive as written ("Anchor's"), is not a miss.
      if (
        written === exact ||
        /^(?:s|'s|’s)$/.test(written.startsWith(exact) ? written.slice(exact.length) : '')
      ) {
        continue;
      }
      const lower = written.toLowerCase();
      const isMiss = lower === lowerTerm || (allowed > 0 && editDistance(lower, lowerTerm) <= allowed);
      if (isMiss && !misses.some((miss) => miss.term === term && miss.written === written)) {
        misses.push({ term, written });
      }
    }
  }
  return misses;
}

/** `text` with every near miss of a protected term written as the term. */
export function restoreProtectedTerms(text: string, terms: readonly string[]): string {
  let result = text;
  for (const miss of findProtectedTermMisses(text, terms)) {
    const words = miss.written.split(' ').map(escapeRegExp).join('\\s+');
    result = result.replace(new RegExp(`(?<![\\p{L}\\p{N}])${words}(?![\\p{L}\\p{N}])`, 'gu'), miss.term);
  }
  return result;
}
