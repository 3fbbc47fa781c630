// Checks generated copy before it is saved (DESIGN.md, generation pipeline, "Copy"): the lengths Google
// shows, no empty required field, one alt text per image, and no number or material the input lacks.
// Problem messages are fed back to the model in a repair prompt, so each names its field and its token.
import { SEO_LIMITS } from '../../common/constants';
import type { CopyFields, ProductFacts } from '../ai/copy-writer';

export type CopyField = keyof CopyFields | `alt_texts[${number}]`;
/** `too_long` is the only kind a cut can mend; the others need new text. */
export type CopyProblemKind =
  | 'empty'
  | 'too_long'
  | 'too_short'
  | 'alt_text_count'
  | 'ungrounded'
  | 'duplicate';
export type CopyProblem = { field: CopyField; kind: CopyProblemKind; message: string };

/** Fields that may not be empty. The fact sheet may be, for a product with no facts beyond its name. */
export const REQUIRED_COPY_FIELDS = ['page_title', 'meta_description', 'heading', 'description'] as const;

/**
 * The exact texts of problem messages. Lengths are counted in Unicode code points, as a reader sees them.
 * - `page_title is 72 characters; it must be at most 60.`
 * - `meta_description is 98 characters; it must be 120–155.`
 * - `heading is empty; it is required.`
 * - `alt_texts has 2 entries; it must have 3, one per image.`
 * - `description mentions "wool", which is not in the product data.`
 */
export const COPY_PROBLEM_MESSAGES = {
  empty: (field: CopyField) => `${field} is empty; it is required.`,
  tooLong: (field: CopyField, length: number, max: number) =>
    `${field} is ${length} characters; it must be at most ${max}.`,
  outOfRange: (field: CopyField, length: number, min: number, max: number) =>
    `${field} is ${length} characters; it must be ${min}–${max}.`,
  altTextCount: (count: number, imageCount: number) =>
    `alt_texts has ${count} ${count === 1 ? 'entry' : 'entries'}; it must have ${imageCount}, one per image.`,
  ungrounded: (field: CopyField, token: string) =>
    `${field} mentions "${token}", which is not in the product data.`,
  duplicate: (field: CopyField, text: string) =>
    `${field} "${text}" is identical to another product's in this bundle; make it distinct by naming what sets this product apart.`,
} as const;

/** Characters as a reader counts them: an emoji or accented letter is one, not two UTF-16 units. */
export function countCharacters(text: string): number {
  let count = 0;
  for (const _ of text) count += 1;
  return count;
}

// Material words that copy must not claim unless the input says them. Each maps to a canonical form, so
// "wood" in copy is grounded by "wooden" in the input, and "aluminum" by "aluminium". Words that are
// mostly something else in copy (felt, iron, lace, stone, slate, crystal) are left out to avoid false alarms.
const MATERIAL_FORMS: Record<string, string> = Object.fromEntries(
  Object.entries({
    cotton: ['cotton'],
    wool: ['wool', 'woollen', 'woolen'],
    linen: ['linen'],
    silk: ['silk', 'silken'],
    leather: ['leather'],
    leatherette: ['leatherette'],
    polyester: ['polyester'],
    nylon: ['nylon'],
    denim: ['denim'],
    cashmere: ['cashmere'],
    merino: ['merino'],
    alpaca: ['alpaca'],
    mohair: ['mohair'],
    angora: ['angora'],
    fleece: ['fleece'],
    flannel: ['flannel'],
    tweed: ['tweed'],
    corduroy: ['corduroy'],
    canvas: ['canvas'],
    satin: ['satin'],
    chiffon: ['chiffon'],
    velvet: ['velvet'],
    suede: ['suede'],
    spandex: ['spandex'],
    elastane: ['elastane'],
    lycra: ['lycra'],
    viscose: ['viscose'],
    rayon: ['rayon'],
    lyocell: ['lyocell', 'tencel'],
    acrylic: ['acrylic'],
    hemp: ['hemp'],
    jute: ['jute'],
    sisal: ['sisal'],
    bamboo: ['bamboo'],
    rattan: ['rattan'],
    wicker: ['wicker'],
    seagrass: ['seagrass'],
    cork: ['cork'],
    wood: ['wood', 'wooden', 'hardwood', 'softwood'],
    plywood: ['plywood'],
    mdf: ['mdf'],
    oak: ['oak'],
    pine: ['pine'],
    walnut: ['walnut'],
    teak: ['teak'],
    birch: ['birch'],
    beech: ['beech'],
    maple: ['maple'],
    mahogany: ['mahogany'],
    cedar: ['cedar'],
    acacia: ['acacia'],
    metal: ['metal'],
    steel: ['steel'],
    stainless: ['stainless'],
    aluminium: ['aluminium', 'aluminum'],
    brass: ['brass'],
    bronze: ['bronze'],
    copper: ['copper'],
    chrome: ['chrome'],
    zinc: ['zinc'],
    nickel: ['nickel'],
    titanium: ['titanium'],
    pewter: ['pewter'],
    gold: ['gold', 'golden'],
    silver: ['silver'],
    platinum: ['platinum'],
    glass: ['glass'],
    ceramic: ['ceramic'],
    porcelain: ['porcelain'],
    stoneware: ['stoneware'],
    earthenware: ['earthenware'],
    terracotta: ['terracotta'],
    clay: ['clay'],
    enamel: ['enamel'],
    marble: ['marble'],
    granite: ['granite'],
    quartz: ['quartz'],
    concrete: ['concrete'],
    plastic: ['plastic'],
    vinyl: ['vinyl'],
    pvc: ['pvc'],
    resin: ['resin'],
    rubber: ['rubber'],
    latex: ['latex'],
    silicone: ['silicone'],
    neoprene: ['neoprene'],
    foam: ['foam'],
    polypropylene: ['polypropylene'],
    polyurethane: ['polyurethane'],
    paper: ['paper'],
    cardboard: ['cardboard'],
  }).flatMap(([canonical, forms]) => forms.map((form) => [form, canonical])),
);

/** The material words recognised by the grounding check, every form included. */
export const MATERIAL_WORDS: readonly string[] = Object.keys(MATERIAL_FORMS);

// Number words are claims too ("two chest pockets"). "one" is left out: it is mostly a pronoun.
const NUMBER_WORDS: Record<string, string> = {
  two: '2',
  three: '3',
  four: '4',
  five: '5',
  six: '6',
  seven: '7',
  eight: '8',
  nine: '9',
  ten: '10',
  eleven: '11',
  twelve: '12',
  twenty: '20',
  hundred: '100',
  thousand: '1000',
};

// Only to show the claim as written ("5 kg"); the comparison is by number alone.
const UNIT =
  /^(?:\s?(?:cm|mm|m|km|inch|inches|ft|kg|g|mg|lb|lbs|oz|l|ml|cl|w|kw|mah|gb|tb|pcs|-?packs?|-?pieces?)\b|\s?%|[″"'])/i;
const NUMBER = /\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?/g;
const WORD = /[\p{L}]+/gu;

type Claim = { token: string; key: string };

/** "1,200" and "1200.0" are the same number; the key is its plain decimal form. */
function normaliseNumber(digits: string): string {
  const value = Number(digits.replace(/,/g, ''));
  return Number.isFinite(value) ? String(value) : digits;
}

/** Every number (with its unit, for the message) and material word a text claims. */
export function findClaims(text: string): Claim[] {
  const claims: Claim[] = [];
  for (const match of text.matchAll(NUMBER)) {
    const unit = UNIT.exec(text.slice(match.index + match[0].length))?.[0] ?? '';
    claims.push({ token: `${match[0]}${unit}`, key: `#${normaliseNumber(match[0])}` });
  }
  for (const match of text.matchAll(WORD)) {
    const word = match[0].toLowerCase();
    const number = NUMBER_WORDS[word];
    if (number) claims.push({ token: match[0], key: `#${number}` });
    const material = MATERIAL_FORMS[word] ?? MATERIAL_FORMS[word.replace(/s$/, '')];
    if (material) claims.push({ token: match[0], key: `m:${material}` });
  }
  return claims;
}

/** The claim keys the product's own input supports. */
export function collectGroundedKeys(facts: ProductFacts): Set<string> {
  const keys = new Set<string>();
  for (const value of Object.values(facts)) {
    if (value) for (const claim of findClaims(value)) keys.add(claim.key);
  }
  return keys;
}

/** Tokens of `text` that claim a number or material the input lacks, each once, in order. */
export function findUngroundedTokens(text: string, grounded: ReadonlySet<string>): string[] {
  const tokens: string[] = [];
  const reported = new Set<string>();
  for (const claim of findClaims(text)) {
    if (grounded.has(claim.key) || reported.has(claim.key)) continue;
    reported.add(claim.key);
    tokens.push(claim.token);
  }
  return tokens;
}

// "image 2 of 3" tells a screen-reader user where they are; it is a position, not a product claim.
const IMAGE_POSITION = /\bimage (\d+) of (\d+)\b/gi;

function withoutImagePosition(altText: string, imageCount: number): string {
  return altText.replace(IMAGE_POSITION, (phrase, index: string, total: string) =>
    Number(total) === imageCount && Number(index) >= 1 && Number(index) <= imageCount ? 'image' : phrase,
  );
}

function checkLength(field: CopyField, text: string, min: number, max: number): CopyProblem | null {
  if (text.trim() === '') return null;
  const length = countCharacters(text);
  if (length <= max && length >= min) return null;
  const message =
    min > 0
      ? COPY_PROBLEM_MESSAGES.outOfRange(field, length, min, max)
      : COPY_PROBLEM_MESSAGES.tooLong(field, length, max);
  return { field, kind: length > max ? 'too_long' : 'too_short', message };
}

/**
 * Every problem in one product's copy, in field order. `imageCount` is the number of the product's images;
 * the alt text "image N of M" is allowed when M is that count. An empty list means the copy can be saved.
 */
export function checkCopy(copy: CopyFields, facts: ProductFacts, imageCount: number): CopyProblem[] {
  const problems: CopyProblem[] = [];
  for (const field of REQUIRED_COPY_FIELDS) {
    if (copy[field].trim() === '')
      problems.push({ field, kind: 'empty', message: COPY_PROBLEM_MESSAGES.empty(field) });
  }
  const lengthProblems = [
    checkLength('page_title', copy.page_title, 0, SEO_LIMITS.pageTitleMax),
    checkLength(
      'meta_description',
      copy.meta_description,
      SEO_LIMITS.metaDescriptionMin,
      SEO_LIMITS.metaDescriptionMax,
    ),
    checkLength('heading', copy.heading, 0, SEO_LIMITS.headingMax),
  ];
  if (copy.alt_texts.length !== imageCount) {
    problems.push({
      field: 'alt_texts',
      kind: 'alt_text_count',
      message: COPY_PROBLEM_MESSAGES.altTextCount(copy.alt_texts.length, imageCount),
    });
  }
  copy.alt_texts.forEach((altText, index) => {
    const field = `alt_texts[${index}]` as const;
    if (altText.trim() === '')
      problems.push({ field, kind: 'empty', message: COPY_PROBLEM_MESSAGES.empty(field) });
    lengthProblems.push(checkLength(field, altText, 0, SEO_LIMITS.altTextMax));
  });
  for (const problem of lengthProblems) if (problem) problems.push(problem);

  const grounded = collectGroundedKeys(facts);
  const texts: [CopyField, string][] = [
    ['page_title', copy.page_title],
    ['meta_description', copy.meta_description],
    ['heading', copy.heading],
    ['description', copy.description],
    ['fact_sheet', copy.fact_sheet],
    ...copy.alt_texts.map((text, index): [CopyField, string] => [
      `alt_texts[${index}]`,
      withoutImagePosition(text, imageCount),
    ]),
  ];
  for (const [field, text] of texts) {
    for (const token of findUngroundedTokens(text, grounded)) {
      problems.push({ field, kind: 'ungrounded', message: COPY_PROBLEM_MESSAGES.ungrounded(field, token) });
    }
  }
  return problems;
}

/** The problems as the repair prompt lists them, one message each. */
export function describeProblems(problems: readonly CopyProblem[]): string[] {
  return problems.map((problem) => problem.message);
}

// Separators and joiners left dangling by a cut ("Name – Colour |" reads better as "Name – Colour").
const DANGLING_END = /[\s,;:|/\\–—-]+$/u;

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
  const trimmed = cut.replace(DANGLING_END, '');
  return trimmed !== '' ? trimmed : characters.slice(0, max).join('').trimEnd();
}

/** Cuts every over-long field to its limit. Returns the cut copy and the names of the fields that were cut. */
export function fitCopyToLimits(copy: CopyFields): { copy: CopyFields; cutFields: CopyField[] } {
  const cutFields: CopyField[] = [];
  const cutToFit = (field: CopyField, text: string, max: number) => {
    if (countCharacters(text) <= max) return text;
    cutFields.push(field);
    return truncateAtWordBoundary(text, max);
  };
  return {
    copy: {
      ...copy,
      page_title: cutToFit('page_title', copy.page_title, SEO_LIMITS.pageTitleMax),
      meta_description: cutToFit('meta_description', copy.meta_description, SEO_LIMITS.metaDescriptionMax),
      heading: cutToFit('heading', copy.heading, SEO_LIMITS.headingMax),
      alt_texts: copy.alt_texts.map((text, index) =>
        cutToFit(`alt_texts[${index}]`, text, SEO_LIMITS.altTextMax),
      ),
    },
    cutFields,
  };
}
