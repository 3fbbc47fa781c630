// A product sold in variants has a page of its own, and that page is about the product as a whole. In a
// Shopify file the product's first row is also its first variant, so the product's own record carries one
// variant's option values (and the colour or size columns they fill); copy written from it would title the
// whole product after that variant. These are the facts for the product-level copy instead: every value all
// the variants share, none that only some of them have, and the range they span.

import { describeRange } from '../../../common/copy-rules/variant-range';
import {
  isValueList,
  optionDetailKeys,
  readStoreOptions,
  singleValueOptions,
} from '../../../common/store-files/store-product-details';
import { VARIANT_ATTRIBUTES } from './detect-variants';

type Details = Readonly<Record<string, string | null | undefined>>;

/** An option whose value differs between variants, with every value it takes, in the store's order. */
export type VaryingOption = { name: string; values: string[] };

export type ProductLevel = {
  /** The product's facts without any value only some variants have, with `variant_options` added. */
  details: Record<string, string | null>;
  /** What the variants vary in; the product-level copy may name all of an option's values, never some. */
  varying: VaryingOption[];
};

/** The key under which the range reaches the prompt and the grounding check: "Size: S, M, L; Colour: …". */
export const VARIANT_OPTIONS_KEY = 'variant_options';
/** The range counted in words where the option names allow it: "4 sizes, 2 colours". */
export const VARIANT_COUNTS_KEY = 'variant_counts';

const clean = (text: string | null | undefined) =>
  (text ?? '').normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();

/** Each option (store option, or colour/size/dimensions column) and the distinct single values it takes. */
function optionValues(members: readonly Details[]): Map<string, VaryingOption> {
  const options = new Map<string, VaryingOption>();
  const add = (name: string, value: string) => {
    const key = clean(name);
    const option = options.get(key) ?? { name: name.trim(), values: [] };
    if (!option.values.some((known) => clean(known) === clean(value))) option.values.push(value.trim());
    options.set(key, option);
  };
  for (const member of members) {
    const own = singleValueOptions(member);
    for (const option of own) add(option.name, option.value);
    if (own.length > 0) continue;
    for (const key of VARIANT_ATTRIBUTES) {
      const value = (member[key] ?? '').trim();
      if (value !== '' && !isValueList(value)) add(key, value);
    }
  }
  return options;
}

// Facts about the product as a whole even when one of them happens to equal an option value (a brand "Black").
const WHOLE_PRODUCT_KEYS = new Set(['product_name', 'title', 'brand', 'description', 'fact_sheet', 'handle']);

/** The parent's facts as the product as a whole; unchanged (and nothing varying) when it has no variants. */
export function productLevelFacts(parent: Details, variants: readonly Details[]): ProductLevel {
  const details: Record<string, string | null> = Object.fromEntries(
    Object.entries(parent).map(([key, value]) => [key, value ?? null]),
  );
  if (variants.length === 0) return { details, varying: [] };
  const varying = [...optionValues([parent, ...variants]).values()].filter(
    (option) => option.values.length > 1,
  );
  if (varying.length === 0) return { details, varying };
  const varyingNames = new Set(varying.map((option) => clean(option.name)));
  const varyingValues = new Set(varying.flatMap((option) => option.values.map(clean)));
  // The option slots of the first variant, and any column one of its values filled (Shopify's "Colour
  // (option)" becomes colour; an option named "Ring size" its own column).
  readStoreOptions(parent).forEach((option, index) => {
    if (!varyingNames.has(clean(option.name))) return;
    const keys = optionDetailKeys(index + 1);
    delete details[keys.name];
    delete details[keys.value];
  });
  for (const [key, value] of Object.entries(details)) {
    if (WHOLE_PRODUCT_KEYS.has(key)) continue;
    if (value && (varyingValues.has(clean(value)) || varyingNames.has(clean(key)))) delete details[key];
  }
  // A SKU names one variant; the product as a whole has none.
  delete details.sku;
  details[VARIANT_OPTIONS_KEY] = describeRange(varying);
  const counts = countRange(varying);
  if (counts !== '') details[VARIANT_COUNTS_KEY] = counts;
  return { details, varying };
}

// Option names whose plural is known, so the range can be counted in words ("4 sizes and 2 colours"); any
// other option is still listed in variant_options.
const PLURALS: Record<string, string> = {
  size: 'sizes',
  'ring size': 'ring sizes',
  colour: 'colours',
  color: 'colours',
  material: 'materials',
  style: 'styles',
  length: 'lengths',
  width: 'widths',
  flavour: 'flavours',
  flavor: 'flavours',
  scent: 'scents',
  finish: 'finishes',
  pattern: 'patterns',
  design: 'designs',
  shape: 'shapes',
  capacity: 'capacities',
  weight: 'weights',
  volume: 'volumes',
  format: 'formats',
  edition: 'editions',
};

/** "4 sizes, 2 colours": the options whose names count in words; '' when none does. */
function countRange(varying: readonly VaryingOption[]): string {
  return varying
    .filter((option) => PLURALS[clean(option.name)])
    .map((option) => `${option.values.length} ${PLURALS[clean(option.name)]}`)
    .join(', ');
}
