// The rules copy is held to, on both sides: the limits Google shows (in characters and in pixels), how
// characters are counted, how a field is cut to its limit, and which numbers and materials count as claims
// that the product's own data must back. The server's check, the writers and the review screens read them
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
export function collectGroundedKeys(facts: ProductFactValues): Set<string> {
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
