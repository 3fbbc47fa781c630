// The file Shopify's Translate & Adapt app imports (Settings → Languages → Import): one row per product, field
// and further language of the run, with the product's default-language text beside the translation
// (docs/store-formats.md §a, "Translations file"). Only products, not variants: a variant's copy is its
// product's, and only products whose store id is known (imported from the store, or an export that had the
// id), since the importer matches rows by that id alone.
import type { BundleWorkflowProduct, Translation } from '../../../common/contract/entities';
import { escapeTags } from './column-kinds';
import type { ProductGroup } from './product-keys';
import { copyCell, productBodyHtml, translationBodyHtml } from './rows';

export const SHOPIFY_TRANSLATION_HEADERS = [
  'Type',
  'Identification',
  'Field',
  'Locale',
  'Market',
  'Status',
  'Default content',
  'Translated content',
] as const;

/** Shopify's translatable product keys, with the product's text and its translation for each. */
const FIELDS: {
  key: string;
  html: boolean;
  own: (product: BundleWorkflowProduct) => string;
  translated: (translation: Translation) => string;
}[] = [
  // The title shoppers read is the store's own product name; its translation is the heading written for it.
  {
    key: 'title',
    html: false,
    own: (p) => p.product_details.product_name ?? '',
    translated: (t) => t.heading,
  },
  { key: 'body_html', html: true, own: productBodyHtml, translated: translationBodyHtml },
  { key: 'meta_title', html: false, own: (p) => p.page_title ?? '', translated: (t) => t.page_title },
  {
    key: 'meta_description',
    html: false,
    own: (p) => p.meta_description ?? '',
    translated: (t) => t.meta_description,
  },
];

/**
 * Shopify's export writes the id with a leading apostrophe so that a spreadsheet keeps all its digits (a
 * 13-digit number would become 8.07939E+12); its importer reads it back without.
 */
const identification = (productId: string) => `'${productId}`;

/**
 * The rows of one product: for each further language (in the run's order), each field it has a translation
 * of. Cells are written as the products file writes them: markup escaped where the store prints text, a
 * formula start dropped from our copy (the file is for an importer, which would keep a formula quote).
 */
export function shopifyTranslationRows(
  group: ProductGroup,
  storeProductIds: ReadonlyMap<number, string>,
): string[][] {
  const { parent } = group;
  const productId = storeProductIds.get(parent.product_id) ?? parent.store_copy?.offer?.product_id;
  if (!productId || !parent.translations) return [];
  const store = parent.store_copy ?? {};
  // The store's own text goes back as it came, a formula start and all (copyCell).
  const storeTexts = [
    parent.product_details.product_name,
    store.description,
    store.page_title,
    store.meta_description,
  ];
  const rows: string[][] = [];
  for (const [locale, translation] of Object.entries(parent.translations)) {
    for (const field of FIELDS) {
      const translated = field.translated(translation).trim();
      if (!translated) continue;
      // Both content columns hold HTML for body_html and text the store prints for the others, so each
      // cell is written for its row here (the writer's kind for them is `html`: as it is).
      const write = field.html ? (text: string) => text : escapeTags;
      rows.push([
        'PRODUCT',
        identification(productId),
        field.key,
        locale,
        '',
        '',
        write(copyCell(field.own(parent), ...storeTexts)),
        write(copyCell(translated)),
      ]);
    }
  }
  return rows;
}
