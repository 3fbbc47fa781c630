// Google Merchant Center supplemental feed, tab-separated (docs/store-formats.md §c): it only updates items
// of the primary feed, matched on id, so the id is what the store sends Google (its SKU, else handle plus
// variant). AI-written copy goes in structured_title / structured_description marked trained_algorithmic_media.
import type { BundleWorkflowProduct } from '../../common/entities';
import { groupOptions, type ProductGroup, productHandle, productSku, truncateText } from './product-keys';

export const MERCHANT_HEADERS = [
  'id',
  'title',
  'description',
  'structured_title',
  'structured_description',
  'item_group_id',
] as const;

// Google's limits (§c, attribute table): title and structured_title content 150, description 5,000;
// item_group_id and id 50.
const TITLE_MAX = 150;
const DESCRIPTION_MAX = 5_000;
const ID_MAX = 50;

// A tab or line break would end the cell or the row in a text feed; Google reads the text as plain text.
const plain = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * §c "Text-feed syntax": source type and content joined by a colon, the content in double quotes because it
 * may hold a colon; a quote inside is doubled (the doc leaves this [unconfirmed]; doubling is the convention).
 */
export function structuredValue(content: string): string {
  return `trained_algorithmic_media:"${content.replace(/"/g, '""')}"`;
}

const slug = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

/** The rows of a product and its variants; a variant's title ends with what sets it apart. */
export function merchantGroupRows(group: ProductGroup): string[][] {
  const handle = productHandle(group.parent);
  const hasVariants = group.members.length > 1;
  const options = groupOptions(group);
  return group.members.map((member) => {
    const values = (options.get(member.id) ?? []).map((option) => option.value).filter(Boolean);
    const variantKey = slug(values.join('-')) || String(member.id);
    const id = productSku(member) || (hasVariants ? `${handle}-${variantKey}` : handle);
    const heading = plain(member.heading || member.page_title || member.product_details.product_name || '');
    const suffix = hasVariants && values.length > 0 ? ` - ${values.join(', ')}` : '';
    const title = `${truncateText(heading, TITLE_MAX - Array.from(suffix).length)}${suffix}`;
    const description = truncateText(plain(describe(member)), DESCRIPTION_MAX);
    return [
      truncateText(id, ID_MAX),
      title,
      description,
      structuredValue(title),
      structuredValue(description),
      hasVariants ? truncateText(handle.replace(/[^a-z0-9_-]/gi, '-'), ID_MAX) : '',
    ];
  });
}

const describe = (product: BundleWorkflowProduct) => product.description || product.meta_description || '';

/** A TSV line; cells are already free of tabs and line breaks. */
export const tsvLine = (cells: readonly string[]) => cells.map(plain).join('\t');
