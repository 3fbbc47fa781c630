// WooCommerce product CSV for the built-in importer with "Update existing products": rows match by ID, then
// SKU (docs/store-formats.md §b, "Matching and updating"), and only the columns present are written, so the
// file holds the keys, the copy and the SEO plugins' meta columns (§b, "Meta columns (Yoast / Rank Math)").
import type { BundleWorkflowProduct } from '../../common/entities';
import { isStoreDescription } from './fill-empty';
import { productSku, productStoreId } from './product-keys';
import { toShopifyBodyHtml } from './rows';

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
 * One row per product and per variation; the Name stays the store's own, as in the Shopify export. With
 * `fillEmptyOnly` the product has been through keepStoreCopy, and the store's short description is kept too.
 */
export function woocommerceRow(product: BundleWorkflowProduct, { fillEmptyOnly = false } = {}): string[] {
  const title = product.page_title ?? '';
  const metaDescription = product.meta_description ?? '';
  const storeShort = fillEmptyOnly ? product.store_copy?.short_description?.trim() : undefined;
  // The fact sheet is the short list shown beside the price; without one, the meta description is.
  const shortDescription = storeShort
    ? storeShort
    : product.fact_sheet?.trim()
      ? oneLine(toShopifyBodyHtml('', product.fact_sheet))
      : metaDescription;
  return [
    productStoreId(product),
    productSku(product),
    product.product_details.product_name ?? '',
    shortDescription,
    isStoreDescription(product)
      ? (product.description ?? '')
      : oneLine(toShopifyBodyHtml(product.description)),
    title,
    metaDescription,
    title,
    metaDescription,
  ];
}
