// What copy may not claim unless the product's own input says it, in one place: the
// writers, the server's check and the tests all read these lists. A claim is
// - a number with its unit or noun ("3 year warranty", "100% cotton", "45 cm", "two chest pockets"): grounded
//   only when the input has the same number with the same unit or noun, or has the number on its own and
//   the noun as a word somewhere ("size: 10" and "shoe" in the name ground "10 shoe"); a "45 x 30 cm" chain
//   gives its unit to every number in it;
// - a bare number: grounded when the number is anywhere in the input;
// - a material word ("wool", "oak"): grounded by the same material in the input;
// - a quality or guarantee word ("warranty", "certified", "organic", "handmade"): grounded by the same
//   word in the input.
/** The product's own input as the grounding check reads it: field name to text. */
export type ProductFactValues = Record<string, string | null>;

import { NOT_A_NOUN, NUMBER_WORDS, QUALITY, QUALITY_WORDS, UNIT_FORMS } from './claim-words';
import { MATERIAL_FORMS, MATERIAL_WORDS } from './material-words';

export { MATERIAL_WORDS, QUALITY_WORDS };

const NUMBER = /\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?/g;
const WORD = /[\p{L}]+/gu;
// What follows a number: a unit symbol, or a word (after a space or hyphen).
// Only on the same line: "Size: 123\nColour" is two facts.
const AFTER_NUMBER = /^(?:[ \t]?(%|["″'])|[ \t-]?([\p{L}]+))/u;
// The Cyrillic "х" too: Russian shops type "45х30 см".
const CHAIN_GAP = /^\s*[x×*х]\s*$/iu;

export type Claim = {
  /** As written in the text, for the message: "3 year", "100%", "wool". */
  token: string;
  /** What grounds it: "#3 year", "#100 %", "#45", "m:wool", "q:warranty". */
  key: string;
  /** For a number with a noun: the number alone and the noun word, the lenient grounding. */
  number?: string;
  noun?: string;
  /** Whether the noun is a unit of measure (cm, kg, %), which reads the same in every language. */
  isUnit?: boolean;
};

/**
 * How strictly nouns are matched. Copy written in another language than its input ("3 Jahre" from "3 year")
 * cannot match the input's nouns word for word: `anyNoun` grounds a number with a noun when the number is in
 * the input at all. Units (cm, kg, %) and quality words are still held to the input.
 */
export type GroundingMode = { anyNoun?: boolean };

/** "1,200" and "1200.0" are the same number; the key is its plain decimal form. */
function normaliseNumber(digits: string): string {
  const value = Number(digits.replace(/,/g, ''));
  return Number.isFinite(value) ? String(value) : digits;
}

/** A noun in one form: lowercase, a plural "s" dropped ("years" → "year", "pockets" → "pocket"). */
function singular(word: string): string {
  const lower = word.toLowerCase();
  if (lower.length > 3 && lower.endsWith('ies')) return `${lower.slice(0, -3)}y`;
  if (lower.length > 3 && lower.endsWith('s') && !lower.endsWith('ss')) return lower.slice(0, -1);
  return lower;
}

type NumberMention = { start: number; end: number; number: string; written: string; unit?: string };

/** The unit or noun a number counts, as written and in its one form; "in" only at the end of a phrase. */
function readUnit(text: string, end: number): { written: string; unit: string } | undefined {
  const after = AFTER_NUMBER.exec(text.slice(end));
  if (!after) return undefined;
  if (after[1]) return { written: after[0], unit: UNIT_FORMS[after[1]] ?? after[1] };
  const word = after[2]!.toLowerCase();
  if (word === 'in' && /^[ \t-]?in[ \t]*(?:$|[.,;:)\n])/i.test(text.slice(end)))
    return { written: after[0], unit: 'in' };
  if (NOT_A_NOUN.has(word)) return undefined;
  return { written: after[0], unit: UNIT_FORMS[word] ?? singular(word) };
}

function findNumbers(text: string): NumberMention[] {
  const mentions: NumberMention[] = [];
  for (const match of text.matchAll(NUMBER)) {
    const end = match.index + match[0].length;
    // "3.5" inside "v3.5.1" or a word like "A4" is a model name, still a number claim; keep it simple.
    const unit = readUnit(text, end);
    mentions.push({
      start: match.index,
      end: end + (unit?.written.length ?? 0),
      number: normaliseNumber(match[0]),
      written: `${match[0]}${unit?.written ?? ''}`,
      unit: unit?.unit,
    });
  }
  for (const match of text.matchAll(WORD)) {
    const number = NUMBER_WORDS[match[0].toLowerCase()];
    if (!number) continue;
    const end = match.index + match[0].length;
    const unit = readUnit(text, end);
    mentions.push({
      start: match.index,
      end: end + (unit?.written.length ?? 0),
      number,
      written: `${match[0]}${unit?.written ?? ''}`,
      unit: unit?.unit,
    });
  }
  mentions.sort((a, b) => a.start - b.start);
  // "45 x 30 x 10 cm": the last number's unit belongs to each number of the chain.
  for (let i = mentions.length - 2; i >= 0; i--) {
    const mention = mentions[i]!;
    const next = mentions[i + 1]!;
    if (mention.unit === undefined && next.unit && CHAIN_GAP.test(text.slice(mention.end, next.start))) {
      mention.unit = next.unit;
    }
  }
  return mentions;
}

/** Every number (with its unit or noun), material word and quality word a text claims, in order. */
export function findClaims(text: string): Claim[] {
  const claims: (Claim & { at: number })[] = [];
  for (const mention of findNumbers(text)) {
    claims.push(
      mention.unit
        ? {
            at: mention.start,
            token: mention.written.trim(),
            key: `#${mention.number} ${mention.unit}`,
            number: mention.number,
            noun: mention.unit,
            isUnit: Object.values(UNIT_FORMS).includes(mention.unit),
          }
        : { at: mention.start, token: mention.written.trim(), key: `#${mention.number}` },
    );
  }
  for (const match of text.matchAll(WORD)) {
    const word = match[0].toLowerCase();
    const material = MATERIAL_FORMS[word] ?? MATERIAL_FORMS[word.replace(/s$/, '')];
    if (material) claims.push({ at: match.index, token: match[0], key: `m:${material}` });
  }
  for (const { canonical, pattern } of QUALITY) {
    for (const match of text.matchAll(pattern)) {
      claims.push({
        at: match.index,
        token: match[0],
        key: `q:${canonical === 'made in' ? match[0].toLowerCase() : canonical}`,
      });
    }
  }
  claims.sort((a, b) => a.at - b.at);
  return claims.map(({ at: _at, ...claim }) => claim);
}

/** The claim keys the product's own input supports (and its numbers and words, for the lenient match). */
export function collectGroundedKeys(facts: ProductFactValues): Set<string> {
  const keys = new Set<string>();
  for (const value of Object.values(facts)) {
    if (!value) continue;
    for (const claim of findClaims(value)) {
      keys.add(claim.key);
      if (claim.number !== undefined) keys.add(`#${claim.number}`);
    }
    for (const mention of findNumbers(value)) {
      keys.add(`#${mention.number}`);
      if (mention.unit === undefined) keys.add(`bare#${mention.number}`);
    }
    for (const match of value.matchAll(WORD)) keys.add(`w:${singular(match[0])}`);
  }
  return keys;
}

/** Whether the input backs a claim (see the top of this file). */
export function isGrounded(claim: Claim, grounded: ReadonlySet<string>, mode: GroundingMode = {}): boolean {
  if (grounded.has(claim.key)) return true;
  if (claim.number === undefined || claim.noun === undefined) return false;
  if (mode.anyNoun && !claim.isUnit) return grounded.has(`#${claim.number}`);
  return grounded.has(`bare#${claim.number}`) && grounded.has(`w:${claim.noun}`);
}

/** Tokens of `text` that claim a number, material or quality the input lacks, each once, in order. */
export function findUngroundedTokens(
  text: string,
  grounded: ReadonlySet<string>,
  mode: GroundingMode = {},
): string[] {
  const tokens: string[] = [];
  const reported = new Set<string>();
  for (const claim of findClaims(text)) {
    if (reported.has(claim.key) || isGrounded(claim, grounded, mode)) continue;
    reported.add(claim.key);
    tokens.push(claim.token);
  }
  return tokens;
}
