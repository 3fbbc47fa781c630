// Google Merchant Center supplemental feed, tab-separated (docs/store-formats.md §c). It only updates items of
// the main feed, matched on id, so each row takes the main feed's id (merchant-ids.ts) and a product with none
// goes to the report beside the feed. One row per sellable item: each variant, or a product without
// variants; a WooCommerce variable parent, or a Shopify product row without option values of its own, is
// not sold itself and gets none (isSellable). Copy a generative model wrote goes in structured_title /
// structured_description marked trained_algorithmic_media (Google reserves that source type for generative
// AI); the built-in writer's text goes in the plain title and description.
import type { BundleWorkflowProduct } from '../../../common/contract/entities';
import { MERCHANT_ATTRIBUTES } from '../../../common/contract/functions/files';
import type { CopyFieldRegistry } from '../../../common/copy-fields/field-spec';
import { COPY_FIELD_REGISTRY } from '../../../common/copy-fields/registry';
import { optionPropertyOf } from '../../../common/store-files/option-names';
import type { MerchantIdOf } from './merchant-ids';
import {
  groupOptions,
  isSellable,
  type ProductGroup,
  productHandle,
  productSku,
  truncateText,
} from './product-keys';
import { qaPairsOf } from './qa-pairs';
import { copyCell } from './rows';

export type MerchantAttribute = (typeof MERCHANT_ATTRIBUTES)[number];

export const merchantHeaders = (generative: boolean, attributes: readonly MerchantAttribute[] = []) => [
  ...(generative
    ? (['id', 'structured_title', 'structured_description'] as const)
    : (['id', 'title', 'description'] as const)),
  ...MERCHANT_ATTRIBUTES.filter((attribute) => attributes.includes(attribute)),
];

export const MERCHANT_REPORT_HEADERS = ['product_id', 'name', 'handle', 'sku', 'reason'] as const;

// Google's limits (§c, attribute table): title and structured_title content 150, description 5,000. The id
// is the main feed's own, written as it is.
const TITLE_MAX = 150;
const DESCRIPTION_MAX = 5_000;

// A tab or line break would end the cell or the row in a text feed; Google reads the text as plain text.
const plain = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * §c "Text-feed syntax": source type and content joined by a colon, the content in double quotes because it
 * may hold a colon; a quote inside is doubled (the doc leaves this [unconfirmed]; doubling is the convention).
 */
export function structuredValue(content: string): string {
  return `trained_algorithmic_media:"${content.replace(/"/g, '""')}"`;
}

const words = (text: string) =>
  new Set(
    text
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean),
  );

/** The heading with the variant's values it does not already name, each value once. */
export function variantTitle(heading: string, values: readonly string[]): string {
  const named = words(heading);
  const missing: string[] = [];
  for (const value of values) {
    const own = [...words(value)];
    if (own.length === 0 || own.every((word) => named.has(word))) continue;
    missing.push(value);
    for (const word of own) named.add(word);
  }
  const suffix = missing.length > 0 ? ` - ${missing.join(', ')}` : '';
  return `${truncateText(heading, TITLE_MAX - Array.from(suffix).length)}${suffix}`;
}

export type MerchantRows = { rows: string[][]; unmatched: string[][] };

export type MerchantRowOptions = {
  idOf: MerchantIdOf;
  generative: boolean;
  /** The conversational attributes, in merchantHeaders' order; question_and_answer only with a Q&A field. */
  attributes?: readonly MerchantAttribute[];
  registry?: CopyFieldRegistry;
};

/** The feed rows of a product and its variants, and the report rows of those without a main-feed id. */
export function merchantGroupRows(
  group: ProductGroup,
  { idOf, generative, attributes = [], registry = COPY_FIELD_REGISTRY }: MerchantRowOptions,
): MerchantRows {
  const options = groupOptions(group);
  const out: MerchantRows = { rows: [], unmatched: [] };
  for (const member of group.members) {
    if (!isSellable(member, group)) continue;
    const found = idOf(member, group);
    if ('unmatched' in found) {
      out.unmatched.push([
        String(member.product_id),
        member.product_details.product_name ?? '',
        productHandle(group.parent),
        productSku(member),
        found.unmatched,
      ]);
      continue;
    }
    const values = (options.get(member.id) ?? []).map((option) => option.value).filter(Boolean);
    const heading = plain(member.heading || member.page_title || member.product_details.product_name || '');
    const title = copyCell(variantTitle(heading, values));
    const description = copyCell(truncateText(plain(describe(member)), DESCRIPTION_MAX));
    const extra = MERCHANT_ATTRIBUTES.filter((attribute) => attributes.includes(attribute)).map(
      (attribute) => {
        if (attribute === 'item_group_title') return groupTitle(group, options);
        if (attribute === 'question_and_answer')
          return copyCell(qaValue(qaPairsOf(member, registry).length > 0 ? member : group.parent, registry));
        return copyCell(optionValueOf(options.get(member.id) ?? [], attribute));
      },
    );
    out.rows.push([
      ...(generative
        ? [found.id, structuredValue(title), structuredValue(description)]
        : [found.id, title, description]),
      ...extra,
    ]);
  }
  return out;
}

/** A variant's size or color: the value of its option named so in any language ("Taille", "Цвет"), else ''. */
export function optionValueOf(
  options: readonly { name: string; value: string }[],
  property: 'size' | 'color',
) {
  return plain(
    options.find((option) => option.value && optionPropertyOf(option.name) === property)?.value ?? '',
  );
}

/**
 * The product's own name for all its variants (Google's item_group_title: the parent's title, without a
 * variant's values): the parent's heading, else its name from the store, else that name with the values cut
 * out; '' for a product without variants, which has no group.
 */
export function groupTitle(group: ProductGroup, options: Map<number, { value: string }[]>): string {
  if (group.members.length < 2) return '';
  const values = [...options.values()]
    .flat()
    .map((option) => option.value)
    .filter(Boolean);
  const names = (title: string) => {
    const own = words(title);
    return values.some((value) => {
      const valueWords = [...words(value)];
      return valueWords.length > 0 && valueWords.every((word) => own.has(word));
    });
  };
  const candidates = [group.parent.heading, group.parent.product_details.product_name]
    .map((title) => plain(title ?? ''))
    .filter(Boolean);
  const clean = candidates.find((title) => !names(title));
  if (clean) return copyCell(truncateText(clean, TITLE_MAX));
  let cut = candidates.at(-1) ?? '';
  for (const value of values)
    cut = cut.replace(
      new RegExp(`(^|[^\\p{L}\\p{N}])${escapeRegExp(value)}(?=$|[^\\p{L}\\p{N}])`, 'giu'),
      '$1',
    );
  // "Tee - Red, M" less its values is "Tee - ,": the separators left at the end go too.
  return copyCell(truncateText(plain(cut).replace(/(\s*[-–|,/])+$/u, ''), TITLE_MAX));
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Google's text-feed form: "question":"answer" pairs joined by ", ", a quote inside doubled. */
export function qaValue(
  product: BundleWorkflowProduct,
  registry: CopyFieldRegistry = COPY_FIELD_REGISTRY,
): string {
  const quoted = (text: string) => `"${plain(text).replace(/"/g, '""')}"`;
  return qaPairsOf(product, registry)
    .map((pair) => `${quoted(pair.question)}:${quoted(pair.answer)}`)
    .join(', ');
}

const describe = (product: BundleWorkflowProduct) => product.description || product.meta_description || '';

/** A TSV line; cells are already free of tabs and line breaks. */
export const tsvLine = (cells: readonly string[]) => cells.map(plain).join('\t');
