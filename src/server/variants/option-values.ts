// A variant's own option values (issue 22 section 2): the values of its own row (Shopify "Option1..3 Value",
// WooCommerce "Attribute N value(s)" of the variation), never a product-level list such as a category
// metafield or a parent's "Attribute 1 value(s)" that lists every value.
import { readStoreOptions, type StoreOption } from '../../common/store-product-details';

type Details = Readonly<Record<string, string | null | undefined>>;

/** Whether a value is a list of several values ("size-5; size-6", "Blue | Red", "Blue, Red"), not one value. */
export function isValueList(value: string): boolean {
  return /[;|]/.test(value) || /,\s*\S/.test(value);
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

/** "Size 7" for a bare number or a short code, "Silver" for a word: a value in plain words for a title. */
export function plainValue(option: StoreOption): string {
  const value = option.value.trim();
  const name = option.name.trim();
  if (/^\d+(?:[.,/]\d+)?$/.test(value) || /^[a-z]$/i.test(value)) {
    const label = /size$/i.test(name) ? 'Size' : name.charAt(0).toUpperCase() + name.slice(1);
    return `${label} ${value}`;
  }
  if (/^(?:yes|no)$/i.test(value))
    return `${/^yes$/i.test(value) ? 'with' : 'without'} ${name.toLowerCase()}`;
  return value;
}

/**
 * What sets a store variant apart, for the prompt: "Ring size: 7, written "Size 7" (parent: 5)". Null when the
 * variant has no store options.
 */
export function describeOptionDifferences(parent: Details, variant: Details): string[] | null {
  const own = singleValueOptions(variant);
  if (own.length === 0) return null;
  const theirs = new Map(readStoreOptions(parent).map((option) => [clean(option.name), option.value.trim()]));
  return own
    .filter((option) => clean(theirs.get(clean(option.name))) !== clean(option.value))
    .map((option) => {
      const parentValue = theirs.get(clean(option.name));
      const plain = plainValue(option);
      const written = plain === option.value.trim() ? '' : `, written "${plain}"`;
      return `${option.name.trim()}: ${option.value.trim()}${written}${parentValue ? ` (parent: ${parentValue})` : ''}`;
    });
}
