// WordPress translates the WooCommerce product exporter's column names into the admin's language, so a
// store run in German exports "Typ, Artikelnummer, Name, …, Übergeordnetes Produkt, Attribut 1 Name". A
// header in one of these languages is read as the English header it stands for, so the rest of the import
// (woocommerce-import.ts, import-columns.ts) sees one format. The strings, and where each language's come
// from, are listed in tests/fixtures/SOURCES.md ("Translated WooCommerce headers"): the exporter's own names
// as real exports and a public column map wrote them, only the columns the import reads.

type HeaderMap = {
  /** Translated name (normalised: lower case, ’ as ') → the English header. */
  names: Record<string, string>;
  /** Numbered columns: a pattern with the number as its group → the English header with `N` for it. */
  numbered: [RegExp, string][];
};

const HEADERS: Record<string, HeaderMap> = {
  de: {
    names: {
      typ: 'Type',
      artikelnummer: 'SKU',
      'gtin, upc, ean oder isbn': 'GTIN, UPC, EAN, or ISBN',
      veröffentlicht: 'Published',
      'ist hervorgehoben?': 'Is featured?',
      'sichtbarkeit im katalog': 'Visibility in catalog',
      kurzbeschreibung: 'Short description',
      beschreibung: 'Description',
      'vorrätig?': 'In stock?',
      bestand: 'Stock',
      angebotspreis: 'Sale price',
      'regulärer preis': 'Regular price',
      kategorien: 'Categories',
      schlagwörter: 'Tags',
      versandklasse: 'Shipping class',
      bilder: 'Images',
      'übergeordnetes produkt': 'Parent',
      'gruppierte produkte': 'Grouped products',
      zusatzverkäufe: 'Upsells',
      'cross-sells (querverkäufe)': 'Cross-sells',
      'externe url': 'External URL',
      'button-text': 'Button text',
      marken: 'Brands',
      'datum, an dem angebotspreis beginnt': 'Date sale price starts',
      'datum, an dem angebotspreis endet': 'Date sale price ends',
      steuerstatus: 'Tax status',
      steuerklasse: 'Tax class',
      'lieferrückstande erlaubt?': 'Backorders allowed?',
      'nur einzeln verkaufen?': 'Sold individually?',
      'kundenrezensionen erlauben?': 'Allow customer reviews?',
      'hinweis zum kauf': 'Purchase note',
      downloadlimit: 'Download limit',
      'ablauftage des downloads': 'Download expiry days',
    },
    numbered: [
      [/^attribut (\d+) name$/, 'Attribute N name'],
      [/^attribut (\d+) wert\(e\)$/, 'Attribute N value(s)'],
      [/^attribut (\d+) sichtbar$/, 'Attribute N visible'],
      [/^attribut (\d+) global$/, 'Attribute N global'],
      [/^attribut (\d+) standard$/, 'Attribute N default'],
    ],
  },
  fr: {
    names: {
      // A real French export names its Type column with two spaces (SOURCES.md): trimmed, nothing is left.
      '': 'Type',
      type: 'Type',
      ugs: 'SKU',
      nom: 'Name',
      publié: 'Published',
      'mis en avant ?': 'Is featured?',
      'visibilité dans le catalogue': 'Visibility in catalog',
      'description courte': 'Short description',
      'en stock ?': 'In stock?',
      'tarif promo': 'Sale price',
      'tarif régulier': 'Regular price',
      catégories: 'Categories',
      étiquettes: 'Tags',
      'groupes de produits': 'Grouped products',
      'url externe': 'External URL',
      'libellé du bouton': 'Button text',
      'date de début de promo': 'Date sale price starts',
      'date de fin de promo': 'Date sale price ends',
      'classe de tva': 'Tax class',
      'état de la tva': 'Tax status',
      'vendre individuellement ?': 'Sold individually?',
      'note de commande': 'Purchase note',
      'produits suggérés': 'Upsells',
      'ventes croisées': 'Cross-sells',
    },
    numbered: [
      [/^nom de l'attribut (\d+)$/, 'Attribute N name'],
      [/^valeur\(s\) de l'attribut (\d+)$/, 'Attribute N value(s)'],
      [/^attribut (\d+) visible$/, 'Attribute N visible'],
      [/^attribut (\d+) global$/, 'Attribute N global'],
    ],
  },
  ru: {
    names: {
      тип: 'Type',
      артикул: 'SKU',
      имя: 'Name',
      опубликован: 'Published',
      'рекомендуемый?': 'Is featured?',
      'видимость в каталоге': 'Visibility in catalog',
      'короткое описание': 'Short description',
      описание: 'Description',
      'в наличии?': 'In stock?',
      'базовая цена': 'Regular price',
      категории: 'Categories',
      изображения: 'Images',
      родительский: 'Parent',
    },
    numbered: [
      [/^название атрибута (\d+)$/, 'Attribute N name'],
      [/^значения атрибутов (\d+)$/, 'Attribute N value(s)'],
    ],
  },
};

// Measures keep their unit: "Gewicht (kg)" is "Weight (kg)".
const MEASURES: Record<string, Record<string, string>> = {
  de: { gewicht: 'Weight', länge: 'Length', breite: 'Width', höhe: 'Height' },
  fr: { poids: 'Weight', longueur: 'Length', largeur: 'Width', hauteur: 'Height' },
  ru: {},
};

/** How the header map compares: trimmed, lower case, one kind of apostrophe and of space. */
const keyOf = (header: string) =>
  header
    .replace(/^\uFEFF/, '')
    .trim()
    .toLowerCase()
    .replace(/[’`]/g, "'")
    .replace(/\s+/g, ' ');

/** The English header a translated one stands for in `language`, or undefined. */
function englishHeader(header: string, language: string): string | undefined {
  const map = HEADERS[language]!;
  const key = keyOf(header);
  if (key in map.names) return map.names[key];
  for (const [pattern, english] of map.numbered) {
    const number = pattern.exec(key)?.[1];
    if (number) return english.replace('N', number);
  }
  const unit = /^(.+?) \(([^)]+)\)$/.exec(key);
  const measure = unit ? MEASURES[language]?.[unit[1]!] : undefined;
  if (measure) return `${measure} (${/\(([^)]+)\)\s*$/.exec(header)![1]})`;
  // "Méta : _yoast_wpseo_title" is the exporter's "Meta: _yoast_wpseo_title".
  const meta = language === 'fr' ? /^\s*méta\s*:\s*(.+)$/i.exec(header) : null;
  return meta ? `Meta: ${meta[1]!.trim()}` : undefined;
}

/** Headers a translation is told by: at least this many of them in one language. */
const MIN_TRANSLATED = 3;

/**
 * The header row in English when it is WooCommerce's exporter's in a language above, with that language
 * (BCP 47); else the row as it is and null. Headers the map does not know (ID, Position, a plugin's) stay.
 */
export function translateWooCommerceHeaders(headers: readonly string[]): {
  headers: string[];
  language: string | null;
} {
  let best: { language: string; found: number } | null = null;
  for (const language of Object.keys(HEADERS)) {
    const found = headers.filter((header) => keyOf(header) !== '' && englishHeader(header, language)).length;
    if (found >= MIN_TRANSLATED && (!best || found > best.found)) best = { language, found };
  }
  if (!best) return { headers: [...headers], language: null };
  const language = best.language;
  return { headers: headers.map((header) => englishHeader(header, language) ?? header), language };
}

/** The languages whose exporter header is read. */
export const WOOCOMMERCE_HEADER_LANGUAGES = Object.keys(HEADERS);
