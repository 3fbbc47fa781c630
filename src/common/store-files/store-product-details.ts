// What a store export says about each product beyond the product-list columns: the store's own identifiers,
// the variant's options, the parent it belongs to and the copy the store already has. The import keeps them
// beside each record so that nothing the store links exactly has to be guessed again from names.

import type { StoreOffer } from './store-offer';

/** One option of a variant (Shopify "Option1 Name"/"Option1 Value", WooCommerce "Attribute 1 …"). */
export type StoreOption = { name: string; value: string };

export type StoreProductDetails = {
  /** Shopify: the product's handle ("Handle", or "URL handle" in the 2024 template), shared by its variants. */
  handle?: string;
  /** WooCommerce: the post ID ("ID"). */
  id?: string;
  /** Shopify "Variant SKU" / "SKU", WooCommerce "SKU"; absent when the store left it blank. */
  sku?: string;
  /** WooCommerce "Type" as written, e.g. "variation" or "simple, downloadable, virtual". */
  product_type?: string;
  /** The variant's options as the store names them; "Default Title" (Shopify's no-option value) is left out. */
  options: StoreOption[];
  /**
   * The index, in the import's records, of the product this one is a variant of: Shopify, the first record of
   * its handle; WooCommerce, the row its Parent names (SKU or id:NN). Null for a product that is no variant.
   */
  parent_index: number | null;
  /** Shopify: the handle of the parent; WooCommerce: the ID of the row its Parent names. */
  parent_handle?: string;
  parent_id?: string;
  /** Shopify "Variant Image" / "Variant image URL": the image the store shows for this variant. */
  variant_image?: string;
  /**
   * The copy the store already has, kept so that new copy can be compared with it: Shopify "SEO Title",
   * WooCommerce Yoast "Meta: _yoast_wpseo_title" or Rank Math "Meta: rank_math_title".
   */
  current_page_title?: string;
  /** Shopify "SEO Description"; WooCommerce Yoast "_yoast_wpseo_metadesc" or Rank Math "rank_math_description". */
  current_meta_description?: string;
  /** WooCommerce "Short description". */
  current_short_description?: string;
  /** Shopify "Image Alt Text" of each product image, in image order ('' where an image has none). */
  current_image_alt_texts?: string[];
  /** WooCommerce "Grouped products": the IDs of the children a grouped product lists (SKU or id:NN resolved). */
  grouped_children?: string[];
  /** WooCommerce "External URL" and "Button text" of an external (affiliate) product. */
  external_url?: string;
  button_text?: string;
  /**
   * WooCommerce "Weight/Length/Width/Height (<unit>)": the shipping package, e.g. "10 in". Kept apart from
   * dimensions because they describe the box, not the product, and must not reach titles or slugs.
   */
  package_weight?: string;
  package_length?: string;
  package_width?: string;
  package_height?: string;
  /** Price, barcode and stock of this record (store-offer.ts). */
  offer?: StoreOffer;
  /**
   * The cells the store matches rows by (handle, option names and values, SKU, ID), exactly
   * as the file wrote them, spaces included, keyed by the store file's header: a re-import file writes them
   * back byte for byte, or Shopify, matching variants by option values, would make new ones.
   */
  key_cells?: Record<string, string>;
};

/**
 * The list column a store option fills, from its name: Color and Colour are one column, Size and Material
 * theirs; any other option (Logo, Format, Scent…) keeps its own name and never fills dimensions.
 */
export function canonicalOptionName(name: string): string {
  const key = name.trim().toLowerCase();
  if (key === 'color' || key === 'colour') return 'Colour';
  if (key === 'size') return 'Size';
  if (key === 'material') return 'Material';
  return name.trim();
}

/** Drops the keys whose value is undefined or '', so details read like the store's filled cells. */
export function withoutEmpty<T extends object>(details: T): T {
  return Object.fromEntries(
    Object.entries(details).filter(([, value]) => value !== undefined && value !== ''),
  ) as T;
}

/**
 * The product-details keys of a store option, by its 1-based slot: option1_name / option1_value, … in the
 * store's order (Shopify's "Option1 Name", WooCommerce's "Attribute 1 name"). The import writes them and the
 * store exports read them, so both use these names.
 */
export const optionDetailKeys = (slot: number) =>
  ({ name: `option${slot}_name`, value: `option${slot}_value` }) as const;

// The identifiers a product keeps from its store. The other details (current SEO copy, package sizes…) stay
// out of product details: every detail reaches the copy prompt, and package sizes must not reach titles.
const KEPT_IDENTIFIERS = ['handle', 'id', 'sku', 'product_type', 'parent_handle', 'parent_id'] as const;

/** The store's identifiers and options of one imported record, as flat product details. */
export function storeProductDetails(details: StoreProductDetails): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const key of KEPT_IDENTIFIERS) {
    const value = details[key]?.trim();
    if (value) kept[key] = value;
  }
  details.options.forEach((option, index) => {
    const keys = optionDetailKeys(index + 1);
    kept[keys.name] = option.name;
    kept[keys.value] = option.value;
  });
  return kept;
}

/** The options kept in a product's details, in slot order; a slot without a name or value is left out. */
export function readStoreOptions(
  details: Readonly<Record<string, string | null | undefined>>,
): StoreOption[] {
  const options: StoreOption[] = [];
  for (let slot = 1; ; slot++) {
    const keys = optionDetailKeys(slot);
    if (!(keys.name in details) && !(keys.value in details)) return options;
    const name = details[keys.name]?.trim() ?? '';
    const value = details[keys.value]?.trim() ?? '';
    if (name !== '' && value !== '') options.push({ name, value });
  }
}

// A variant's own option values: the values of its own row (Shopify "Option1..3 Value",
// WooCommerce "Attribute N value(s)" of the variation), never a product-level list such as a category
// metafield or a parent's "Attribute 1 value(s)" that lists every value.
type Details = Readonly<Record<string, string | null | undefined>>;

/**
 * Whether a value is a list of several values ("size-5; size-6", "Blue | Red", "Blue, Red", "5, 6"), not one
 * value ("10,00 €").
 */
export function isValueList(value: string): boolean {
  // A comma between digits is a decimal comma ("10,00 €"), not a list.
  return /[;|]/.test(value) || /,(?:\s+\S|(?!\d)\S)/.test(value);
}

const clean = (text: string | null | undefined) =>
  (text ?? '').normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();

/** The store options of a product that each hold one value. */
export function singleValueOptions(details: Details): StoreOption[] {
  return readStoreOptions(details).filter((option) => !isValueList(option.value));
}

/**
 * The store option values that set a variant apart from its parent: each of its own single values that the
 * parent does not have under the same option name. Null when the variant has no store options (a pasted
 * list), so that the caller falls back on colour, size and dimensions.
 */
export function differingOptionValues(parent: Details, variant: Details): string[] | null {
  const own = singleValueOptions(variant);
  if (own.length === 0) return null;
  const theirs = new Map(readStoreOptions(parent).map((option) => [clean(option.name), clean(option.value)]));
  return own
    .filter((option) => theirs.get(clean(option.name)) !== clean(option.value))
    .map((option) => option.value.trim());
}

/** Shopify's default name for a product's only option, which names nothing about it. */
export const isPlaceholderOptionName = (name: string) => /^title$/i.test(name.trim());

/** "Size 7" for a bare number or a short code, "Silver" for a word: a value in plain words for a title. */
export function plainValue(option: StoreOption): string {
  const value = option.value.trim();
  const name = option.name.trim();
  // Shopify names the one option of a product "Title" unless the merchant renames it: it says nothing about
  // the value, and "Title 50" would read as a label.
  if (isPlaceholderOptionName(name)) return value;
  if (/^\d+(?:[.,/]\d+)?$/.test(value) || /^[a-z]$/i.test(value)) {
    const label = /size$/i.test(name) ? 'Size' : name.charAt(0).toUpperCase() + name.slice(1);
    return `${label} ${value}`;
  }
  if (/^(?:yes|no)$/i.test(value))
    return `${/^yes$/i.test(value) ? 'with' : 'without'} ${name.toLowerCase()}`;
  return value;
}

/**
 * What sets a store variant apart, for the prompt, in the form the prompt reads ("name: value (parent: …)"):
 * "Ring size: 7 (parent: 5)". Null when the variant has no store options.
 */
export function describeOptionDifferences(parent: Details, variant: Details): string[] | null {
  const own = singleValueOptions(variant);
  if (own.length === 0) return null;
  const theirs = new Map(readStoreOptions(parent).map((option) => [clean(option.name), option.value.trim()]));
  return own
    .filter((option) => clean(theirs.get(clean(option.name))) !== clean(option.value))
    .map((option) => {
      const parentValue = theirs.get(clean(option.name));
      return `${option.name.trim()}: ${option.value.trim()}${parentValue ? ` (parent: ${parentValue})` : ''}`;
    });
}
