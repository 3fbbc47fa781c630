// What copy may not claim unless the product's own input says it (issue 14 section 4), in one place: the
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

// Quality and guarantee words: promises a shop owner must be able to back. Each canonical word maps to the
// pattern that finds it (hyphens and spaces optional where people write both).
const QUALITY_PATTERNS: Record<string, string> = {
  // With the common German, French and Spanish forms, for workflows that write in those languages.
  warranty: 'warrant(?:y|ies|ied)|gewährleistung|garantía',
  guarantee: 'guarantee[sd]?|garantie(?:rt)?|garanti(?:e|s)?',
  certified:
    'certifi(?:ed|cation|cations)|certificate[sd]?|zertifizier(?:t|te|ter|tes|ung)|certifiée?s?|certificad[oa]s?',
  organic: 'organic(?:ally)?|biologi(?:sch|que|co|ca)\\w*|orgánic[oa]s?',
  handmade:
    'hand[- ]?(?:made|crafted|sewn|knitted|woven|stitched)|handgemacht\\w*|handgefertigt\\w*|fait main|hecho a mano',
  vegan: 'vegan',
  recycled: 'recycled|recyclable',
  sustainable: 'sustainabl[ey]|sustainably sourced',
  'eco-friendly': 'eco[- ]?friendly',
  waterproof: 'water[- ]?proof',
  'water-resistant': 'water[- ]?resistant',
  hypoallergenic: 'hypo[- ]?allergenic',
  'non-toxic': 'non[- ]?toxic',
  'bpa-free': 'bpa[- ]?free',
  'fair trade': 'fair[- ]?trade',
  'award-winning': 'award[- ]?winning',
  patented: 'patent(?:ed)?',
  biodegradable: 'biodegradable',
  'dishwasher-safe': 'dishwasher[- ]?safe',
  lifetime: 'lifetime',
  'clinically proven': 'clinically[- ]proven',
  'made in': '[Mm]ade in [A-Z][a-z]+',
};

/** The quality and guarantee words recognised by the grounding check (canonical forms). */
export const QUALITY_WORDS: readonly string[] = Object.keys(QUALITY_PATTERNS);

const QUALITY = Object.entries(QUALITY_PATTERNS).map(([canonical, pattern]) => ({
  canonical,
  // "made in" keeps its capital letter test; the others match any case.
  pattern: new RegExp(
    `(?<![\\p{L}\\p{N}])(?:${pattern})(?![\\p{L}\\p{N}])`,
    canonical === 'made in' ? 'gu' : 'giu',
  ),
}));

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

// Units, each to one form so "45cm" and "45 cm", "3 years" and "3 year" are the same claim.
const UNIT_FORMS: Record<string, string> = {
  cm: 'cm',
  mm: 'mm',
  m: 'm',
  km: 'km',
  inch: 'in',
  inches: 'in',
  '"': 'in',
  '″': 'in',
  ft: 'ft',
  feet: 'ft',
  foot: 'ft',
  kg: 'kg',
  g: 'g',
  mg: 'mg',
  lb: 'lb',
  lbs: 'lb',
  oz: 'oz',
  l: 'l',
  litre: 'l',
  litres: 'l',
  liter: 'l',
  liters: 'l',
  ml: 'ml',
  cl: 'cl',
  w: 'w',
  kw: 'kw',
  mah: 'mah',
  gb: 'gb',
  tb: 'tb',
  pcs: 'piece',
  pc: 'piece',
  '%': '%',
  "'": 'ft',
};

// Words after a number that are not what it counts ("10 x 8", "size 10 in Blue", "3 and up").
const NOT_A_NOUN = new Set([
  'x',
  'by',
  'and',
  'or',
  'of',
  'to',
  'in',
  'the',
  'a',
  'an',
  'with',
  'for',
  'from',
  'at',
  'per',
  'on',
  'is',
  'are',
  'it',
  'we',
  'you',
  'they',
  'this',
  'that',
]);

const NUMBER = /\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?/g;
const WORD = /[\p{L}]+/gu;
// What follows a number: a unit symbol, or a word (after a space or hyphen).
// Only on the same line: "Size: 123\nColour" is two facts.
const AFTER_NUMBER = /^(?:[ \t]?(%|["″'])|[ \t-]?([\p{L}]+))/u;
const CHAIN_GAP = /^\s*[x×*]\s*$/i;

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
