// The word lists behind the claims check (claims.ts): quality and guarantee words, number words, units, and
// the words after a number that are not what it counts. The rules that use them are in claims.ts; the material
// words are in material-words.ts.

// Quality and guarantee words: promises a shop owner must be able to back. Each canonical word maps to the
// pattern that finds it (hyphens and spaces optional where people write both).
export const QUALITY_PATTERNS: Record<string, string> = {
  // With the common German, French, Spanish, Portuguese, Italian, Dutch and Russian forms, for copy written in
  // those languages (Russian endings as \p{L}*: \w is ASCII only).
  warranty: 'warrant(?:y|ies|ied)|gewährleistung|garantía|garantia|garanzia|гаранти(?:я|и|ю|ей)',
  guarantee:
    'guarantee[sd]?|garantie(?:rt)?|garanti(?:e|s)?|garantit|garantiert|garantizad[oa]s?|garantid[oa]s?|garantit[oa]|gegarandeerd|гарантир\\p{L}*',
  certified:
    'certifi(?:ed|cation|cations)|certificate[sd]?|zertifizier(?:t|te|ter|tes|ung)|certifiée?s?|certificad[oa]s?|certificat[oa]|certificazione|gecertificeerd|certificação|сертифи\\p{L}*',
  organic:
    'organic(?:ally)?|biologi(?:sch|que|co|ca)\\w*|orgánic[oa]s?|orgânic[oa]s?|biologic[oa]|bio|органическ\\p{L}*',
  handmade:
    'hand[- ]?(?:made|crafted|sewn|knitted|woven|stitched)|handgemacht\\w*|handgefertigt\\w*|fait main|hecho a mano|(?:expertly |skil(?:l)?fully |carefully |beautifully )?crafted|artisan(?:al)?|craftsmanship|feit[oa]s? [àa] mão|artesanal|fatt[oa] a mano|artigianale|handgemaakt|fait(?:e|s|es)? à la main|hech[oa]s? a mano|handarbeit|ручн(?:ая|ой) работ[аы]',
  vegan: 'vegan|végane?s?|vegan[oa]s?|veganistisch',
  recycled: 'recycled|recyclable|recycelt\\w*|recyclé(?:e|s|es)?|reciclad[oa]s?|riciclat[oa]|gerecycled',
  sustainable:
    'sustainabl[ey]|sustainably sourced|nachhaltig\\w*|écologique|sostenible|sustentáve(?:l|is)|sostenibile',
  'eco-friendly': 'eco[- ]?friendly',
  waterproof:
    'water[- ]?proof|wasserdicht|imperméable|impermeable|waterdicht|à prova d(?:e |’)água|водонепроницаем\\p{L}*|непромокаем\\p{L}*',
  'water-resistant': 'water[- ]?resistant',
  hypoallergenic: 'hypo[- ]?allergenic|hypoallerg[eé]n\\w*|hipoalerg[éê]nic\\w*|ipoallergenic\\w*',
  'non-toxic': 'non[- ]?toxic',
  'bpa-free': 'bpa[- ]?free',
  'fair trade': 'fair[- ]?trade',
  'award-winning': 'award[- ]?winning',
  patented: 'patent(?:ed)?',
  biodegradable: 'biodegradable',
  'dishwasher-safe': 'dishwasher[- ]?safe',
  lifetime: 'lifetime|lebenslang\\w*|à vie|de por vida|vitalíci[oa]|a vita|пожизненн\\p{L}*',
  'clinically proven': 'clinically[- ]proven',
  'made in':
    '[Mm]ade in [A-Z][a-z]+|[Ff]abriqué(?:e|s|es)? en \\p{Lu}\\p{L}+|[Hh]ergestellt in \\p{Lu}\\p{L}+|(?:[Hh]ech|[Ff]abricad)[oa]s? en \\p{Lu}\\p{L}+|(?:[Ff]eit|[Ff]abricad|[Pp]roduzid)[oa]s? (?:n[oa]|em) \\p{Lu}\\p{L}+|(?:[Ff]att|[Pp]rodott)[oa] in \\p{Lu}\\p{L}+|[Gg]emaakt in \\p{Lu}\\p{L}+|[Сс]делано в \\p{Lu}\\p{L}+',
  // Origin: where it comes from is a claim like "Made in Italy".
  imported: 'imported',
  'locally made': 'locally (?:made|sourced|produced)|made locally',
  // Durability: a promise about how long it lasts.
  durable:
    'durab(?:le|ility)|long[- ]lasting|hard[- ]wearing|built to last|heavy[- ]duty|sturdy|robust|unbreakable|shatter[- ]?proof|indestructible|langlebig\\w*|strapazierfähig\\w*|résistant(?:e|s|es)?|durader[oa]s?|durável|duráveis|durevole|slijtvast|onverwoestbaar|increvable',
  'scratch-resistant': 'scratch[- ]?(?:resistant|proof)',
  'tarnish-resistant': 'tarnish[- ]?(?:resistant|proof|free)|(?:will )?never tarnish(?:es)?|anti[- ]?tarnish',
  'rust-proof': 'rust[- ]?(?:proof|resistant|free)|stainless',
  'fade-resistant': 'fade[- ]?(?:resistant|proof)|colou?r[- ]?fast',
  weatherproof: 'weather[- ]?(?:proof|resistant)|all[- ]weather',
  // Finish: how the surface is treated.
  'natural finish': 'natural (?:finish|oil|wax|materials?|fib(?:re|er)s?)|all[- ]natural|100% natural',
  polished: '(?:high[- ])?polished',
  matte: 'matte|matt finish',
  brushed: 'brushed',
  lacquered: 'lacquered|varnished|oiled|waxed',
  plated: '(?:gold|silver|rhodium|chrome)[- ]plated|plated',
  // Certification beyond "certified".
  'dermatologically tested': 'dermatologi(?:cally|st)[- ](?:tested|approved)',
  'oeko-tex': 'oeko[- ]?tex',
  fsc: 'fsc',
  // Guarantees beyond "guarantee" and "warranty".
  'money-back': 'money[- ]back|full refund|risk[- ]free|no[- ]questions[- ]asked',
  'free shipping':
    'free (?:shipping|delivery|returns)|livraison gratuite|kostenlose[rn]? versand|versandkostenfrei|envío gratis|envío gratuito|frete grátis|spedizione gratuita|gratis verzending|бесплатн\\p{L}* доставк\\p{L}*',
};

/** The quality and guarantee words recognised by the grounding check (canonical forms). */
export const QUALITY_WORDS: readonly string[] = Object.keys(QUALITY_PATTERNS);

export const QUALITY = Object.entries(QUALITY_PATTERNS).map(([canonical, pattern]) => ({
  canonical,
  // "made in" keeps its capital letter test; the others match any case.
  pattern: new RegExp(
    `(?<![\\p{L}\\p{N}])(?:${pattern})(?![\\p{L}\\p{N}])`,
    canonical === 'made in' ? 'gu' : 'giu',
  ),
}));

// Number words are claims too ("two chest pockets"). "one" is left out: it is mostly a pronoun.
export const NUMBER_WORDS: Record<string, string> = {
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
export const UNIT_FORMS: Record<string, string> = {
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
  // Russian writes the metric units in Cyrillic: "45 см" is the claim "45 cm".
  см: 'cm',
  мм: 'mm',
  м: 'm',
  км: 'km',
  кг: 'kg',
  г: 'g',
  мг: 'mg',
  л: 'l',
  мл: 'ml',
  шт: 'piece',
};

// Words after a number that are not what it counts ("10 x 8", "size 10 in Blue", "3 and up").
export const NOT_A_NOUN = new Set([
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
  // Russian: the Cyrillic "х" of "45 х 30", "на" of "45 на 30", and the prepositions and conjunctions.
  'х',
  'на',
  'и',
  'или',
  'в',
  'с',
  'до',
  'по',
  'от',
  'за',
]);
