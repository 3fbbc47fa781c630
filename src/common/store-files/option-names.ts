// What a store option is by its name, in the languages stores sell in: "Size", "Ring size", "Taille",
// "Größe", "Talla", "Tamanho", "Taglia", "Maat", "Размер" are sizes; "Colour", "Farbe", "Couleur", "Cor",
// "Kleur", "Цвет" colours. The one home of these words: the JSON-LD's variesBy, size and color and the
// Merchant feed's size and color columns read them here.

/** The schema.org / Merchant Center properties an option can be (Google's variesBy list, docs/store-formats.md §d). */
export const OPTION_PROPERTIES = ['color', 'size', 'material', 'pattern'] as const;
export type OptionProperty = (typeof OPTION_PROPERTIES)[number];

// Each property's words, lower case, as store owners name options (singular and plural): English, German,
// French, Spanish, Portuguese, Italian, Dutch, Russian, Ukrainian, Polish, the Nordic languages, Turkish,
// Czech, Hungarian, Romanian, Greek, Japanese, Chinese, Korean, Arabic and Hebrew.
const WORDS: Record<OptionProperty, readonly string[]> = {
  color: [
    'color',
    'colors',
    'colour',
    'colours',
    'farbe',
    'farben',
    'couleur',
    'couleurs',
    'colore',
    'colori',
    'cor',
    'cores',
    'kleur',
    'kleuren',
    'цвет',
    'цвета',
    'колір',
    'kolor',
    'kolory',
    'färg',
    'farve',
    'farge',
    'väri',
    'renk',
    'barva',
    'szín',
    'culoare',
    'χρώμα',
    'カラー',
    '色',
    '颜色',
    '顏色',
    '색상',
    '컬러',
    'لون',
    'צבע',
  ],
  size: [
    'size',
    'sizes',
    'größe',
    'grösse',
    'groesse',
    'grosse',
    'größen',
    'taille',
    'tailles',
    'talla',
    'tallas',
    'tamaño',
    'tamano',
    'tamaños',
    'tamanho',
    'tamanhos',
    'taglia',
    'taglie',
    'maat',
    'maten',
    'размер',
    'размеры',
    'розмір',
    'rozmiar',
    'storlek',
    'størrelse',
    'koko',
    'beden',
    'velikost',
    'méret',
    'mărime',
    'μέγεθος',
    'サイズ',
    '尺码',
    '尺寸',
    '사이즈',
    '크기',
    'مقاس',
    'מידה',
  ],
  material: [
    'material',
    'materials',
    'materiale',
    'materiali',
    'matériau',
    'matériaux',
    'matière',
    'materiaal',
    'материал',
    'materiał',
    'malzeme',
    'materiaali',
    '素材',
    '材质',
  ],
  pattern: [
    'pattern',
    'patterns',
    'muster',
    'motif',
    'motifs',
    'motivo',
    'estampa',
    'estampado',
    'patroon',
    'узор',
    'wzór',
    '柄',
    '图案',
  ],
};

const PROPERTY_OF_WORD = new Map<string, OptionProperty>(
  OPTION_PROPERTIES.flatMap((property) => WORDS[property].map((word) => [word, property] as const)),
);

/** Scripts written without spaces: a word of theirs is found inside the name, not between separators. */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/**
 * The property an option's name says it is, by its words (any case, any Unicode letters: "Ring size",
 * "TAILLE", "Größe", "Цвет"), or null for any other option (Logo, Scent, Format…), which JSON-LD writes
 * as an additionalProperty.
 */
export function optionPropertyOf(name: string): OptionProperty | null {
  const lower = name.normalize('NFC').trim().toLowerCase();
  for (const word of lower.split(/[^\p{L}\p{N}]+/u)) {
    const property = PROPERTY_OF_WORD.get(word);
    if (property) return property;
  }
  if (UNSPACED.test(lower)) {
    for (const [word, property] of PROPERTY_OF_WORD)
      if (UNSPACED.test(word) && lower.includes(word)) return property;
  }
  return null;
}

/** The value of the first option that is `property` ("" when none is). */
export function optionValueOf(
  options: readonly { name: string; value: string }[],
  property: OptionProperty,
): string {
  return options.find((option) => option.value && optionPropertyOf(option.name) === property)?.value ?? '';
}
