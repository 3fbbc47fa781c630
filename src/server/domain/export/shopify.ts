// Shopify product CSV for "Overwrite products with matching handles": only the handle, Title, the copy
// columns, images with their alt text and (when the run has variants) the option columns. Headers are the
// legacy names Shopify still imports, in its template's order (docs/store-formats.md §a, "Two header
// generations" and "Rows and grouping"); a column left out keeps the store's value, so nothing else is sent.
import type { BundleWorkflowProduct, ImageDetail } from '../../../common/contract/entities';
import { groupOptions, type ProductGroup, productHandle, productSku } from './product-keys';
import { copyCell, productBodyHtml } from './rows';

const PRODUCT_HEADERS = ['Handle', 'Title', 'Body (HTML)'] as const;
const VARIANT_HEADERS = [
  'Option1 Name',
  'Option1 Value',
  'Option2 Name',
  'Option2 Value',
  'Option3 Name',
  'Option3 Value',
  'Variant SKU',
] as const;
const IMAGE_HEADERS = ['Image Src', 'Image Position', 'Image Alt Text'] as const;
const SEO_HEADERS = ['SEO Title', 'SEO Description'] as const;

/**
 * The file's headers. Option and SKU columns only when the run has variants: docs/store-formats.md §a says
 * variant columns need the option columns, and a present empty option cell would overwrite the store's.
 */
export function shopifyExportHeaders(hasVariants: boolean): string[] {
  return [...PRODUCT_HEADERS, ...(hasVariants ? VARIANT_HEADERS : []), ...IMAGE_HEADERS, ...SEO_HEADERS];
}

// Shopify's own value for a product with a single variant (the templates' "Title" / "Default Title").
const NO_OPTIONS = [{ name: 'Title', value: 'Default Title' }];

function uniqueImages(members: readonly BundleWorkflowProduct[]): ImageDetail[] {
  const seen = new Set<string>();
  return members
    .flatMap((member) => member.image_details ?? [])
    .filter((image) => image.url !== '' && !seen.has(image.url) && seen.add(image.url));
}

/**
 * Cells under `headers` as the store's file wrote them where the import kept them (key cells: Shopify matches
 * variants by option values, so one space more or less makes a new variant), else as computed. Option names
 * are only written on the product's first row.
 */
function withKeyCells(
  member: BundleWorkflowProduct,
  headers: readonly string[],
  computed: readonly string[],
  isFirst: boolean,
): string[] {
  const kept = member.store_copy?.key_cells;
  return headers.map((header, i) => {
    if (!kept || !(header in kept) || (!isFirst && / Name$/.test(header))) return computed[i] ?? '';
    return kept[header] ?? '';
  });
}

/**
 * The rows of one handle: the first carries the product fields (the store's own Title, since the handle
 * match overwrites it), then one row per variant, and the group's images from position 1, placed on the
 * variant rows first and on image-only rows after them (Shopify's own export layout).
 */
export function shopifyGroupRows(group: ProductGroup, hasVariants: boolean): string[][] {
  const { parent } = group;
  const handle = productHandle(parent);
  const options = groupOptions(group);
  const variantCells = group.members.map((member) => {
    if (!hasVariants) return [];
    const own = options.get(member.id) ?? [];
    const slots = (own.length > 0 ? own : NO_OPTIONS).slice(0, 3);
    const isFirst = member === parent;
    const cells = [0, 1, 2].flatMap((i) => {
      const option = slots[i];
      // Option names only on the first row [sample].
      return option ? [isFirst ? option.name : '', option.value] : ['', ''];
    });
    return withKeyCells(member, [...VARIANT_HEADERS], [...cells, productSku(member)], isFirst);
  });
  const images = uniqueImages(group.members);
  const store = parent.store_copy ?? {};
  const storeAlts = group.members.flatMap((member) => member.store_copy?.alt_texts ?? []);
  const rowCount = Math.max(group.members.length, images.length, 1);
  const rows: string[][] = [];
  const [handleCell] = withKeyCells(parent, ['Handle'], [handle], true);
  for (let i = 0; i < rowCount; i++) {
    const image = images[i];
    const isFirst = i === 0;
    rows.push([
      handleCell ?? handle,
      isFirst ? (parent.product_details.product_name ?? '') : '',
      // Store-importer columns: the store's own values (handle, Title, options, SKU, image URL) go back as they
      // came, but for markup in a name (escaped by the writer, column-kinds.ts); the copy loses any formula
      // start (copyCell) unless it is the store's own text.
      isFirst ? copyCell(productBodyHtml(parent), store.description) : '',
      ...(hasVariants ? (variantCells[i] ?? VARIANT_HEADERS.map(() => '')) : []),
      image?.url ?? '',
      image ? String(i + 1) : '',
      image ? copyCell(image.alt_text ?? '', ...storeAlts) : '',
      isFirst ? copyCell(parent.page_title ?? '', store.page_title) : '',
      isFirst ? copyCell(parent.meta_description ?? '', store.meta_description) : '',
    ]);
  }
  return rows;
}
