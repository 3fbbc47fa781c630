// WooCommerce product CSV for the built-in importer with "Update existing products": rows match by ID, then
// SKU (docs/store-formats.md §b, "Matching and updating"), and only the columns present are written, so the
// file holds the keys, the copy and the SEO plugins' meta columns (§b, "Meta columns (Yoast / Rank Math)").
import type { BundleWorkflowProduct } from '../../../common/contract/entities';
import { fieldWithStoreBody } from '../../../common/copy-fields/field-spec';
import { COPY_FIELD_REGISTRY } from '../../../common/copy-fields/registry';
import { carriesStoreText } from './approval';
import { escapeHtml } from './column-kinds';
import { isStoreDescription } from './fill-empty';
import { productSku, productStoreId } from './product-keys';
import { copyCell, copyText, toShopifyBodyHtml } from './rows';

export const WOOCOMMERCE_HEADERS = [
  'ID',
  'SKU',
  'Name',
  'Short description',
  'Description',
  'Meta: _yoast_wpseo_title',
  'Meta: _yoast_wpseo_metadesc',
  'Meta: rank_math_title',
  'Meta: rank_math_description',
] as const;

// The importer reads a literal \n as a newline (§b, Short description), so the HTML is kept on one line.
const oneLine = (html: string) => html.replace(/\n/g, '');

/**
 * One row per product and per variation; the Name stays the store's own (markup escaped by the writer,
 * column-kinds.ts), as in the Shopify export. With
 * `fillEmptyOnly` the product has been through keepStoreCopy, and the store's short description is kept too.
 */
export function woocommerceRow(product: BundleWorkflowProduct, { fillEmptyOnly = false } = {}): string[] {
  const store = product.store_copy ?? {};
  const title = copyCell(product.page_title ?? '', store.page_title);
  const metaDescription = copyCell(product.meta_description ?? '', store.meta_description);
  const storeShort = store.short_description?.trim();
  // Short description is HTML to WooCommerce: the store's own (fill-empty, or copy not approved), else one we
  // build from escaped text: the fact sheet as a list, or the meta description as a paragraph.
  const keepsStoreShort = storeShort && (fillEmptyOnly || carriesStoreText(product));
  const facts = copyText(product, fieldWithStoreBody(COPY_FIELD_REGISTRY, 'facts'));
  const shortDescription = keepsStoreShort
    ? storeShort
    : facts?.trim()
      ? oneLine(toShopifyBodyHtml('', copyCell(facts)))
      : metaDescription
        ? `<p>${escapeHtml(metaDescription)}</p>`
        : '';
  // The keys as the store's file wrote them (spaces included), where the import kept them.
  const kept = store.key_cells ?? {};
  return [
    kept.ID ?? productStoreId(product),
    kept.SKU ?? productSku(product),
    product.product_details.product_name ?? '',
    shortDescription,
    isStoreDescription(product)
      ? (product.description ?? '')
      : oneLine(toShopifyBodyHtml(copyCell(product.description ?? ''))),
    title,
    metaDescription,
    title,
    metaDescription,
  ];
}
