// What a store export says a product sells for: price, barcode and stock, read from Shopify's and
// WooCommerce's own columns. The structured data's offers and the Merchant feed use it; it is kept beside the
// store's copy, out of the product details, so that it never reaches the copy prompt.
import type { StoreCopy } from '../contract/entities';
import { normaliseHeader } from './import-columns';
import { readPriceText } from './price-text';

export type StoreOffer = NonNullable<StoreCopy['offer']>;

/** The offer columns of an export's header; -1 where the export has none. */
export function storeOfferColumns(headers: readonly string[]) {
  const names = headers.map(normaliseHeader);
  const at = (...candidates: string[]) =>
    candidates.map((name) => names.indexOf(name)).find((index) => index >= 0) ?? -1;
  return {
    // Shopify legacy, Shopify 2024, then WooCommerce ("Sale price" wins over "Regular price" when set).
    salePrice: at('sale price'),
    price: at('variant price', 'price', 'regular price'),
    gtin: at('variant barcode', 'barcode', 'gtin, upc, ean, or isbn', 'gtin, upc, ean or isbn'),
    tracker: at('variant inventory tracker', 'inventory tracker'),
    quantity: at('variant inventory qty', 'inventory quantity', 'stock'),
    policy: at('variant inventory policy', 'continue selling when out of stock'),
    inStock: at('in stock?'),
  };
}
export type StoreOfferColumns = ReturnType<typeof storeOfferColumns>;

const cell = (row: readonly string[], index: number) => (index >= 0 ? (row[index] ?? '').trim() : '');

/** The offer of one export row; undefined when the row names no price, barcode or stock. */
export function readStoreOffer(columns: StoreOfferColumns, row: readonly string[]): StoreOffer | undefined {
  const price = [cell(row, columns.salePrice), cell(row, columns.price)]
    .map(readPriceText)
    .find((read) => read !== undefined);
  // A barcode as printed ("978-1-98765-432-1", an ISBN-13) is its digits: Merchant Center ignores dashes and
  // spaces in gtin, and schema.org's gtin is a string of digits.
  const gtin = cell(row, columns.gtin).replace(/^'/, '').replace(/[\s-]/g, '');
  const offer: StoreOffer = {
    ...(price ? { price: price.amount } : {}),
    ...(price?.currency ? { currency: price.currency } : {}),
    ...(/^\d{8,14}$/.test(gtin) ? { gtin } : {}),
  };
  const availability = availabilityOf(columns, row);
  if (availability) offer.availability = availability;
  return Object.keys(offer).length > 0 ? offer : undefined;
}

function availabilityOf(columns: StoreOfferColumns, row: readonly string[]): StoreOffer['availability'] {
  const inStock = cell(row, columns.inStock).toLowerCase();
  // WooCommerce "In stock?": 1, 0 or backorder.
  if (inStock === '1') return 'InStock';
  if (inStock === '0') return 'OutOfStock';
  if (inStock === 'backorder') return 'BackOrder';
  // Shopify: only a tracked variant can run out; "continue" (or TRUE in 2024) sells on when it has.
  const tracker = cell(row, columns.tracker).toLowerCase();
  const quantity = Number.parseInt(cell(row, columns.quantity), 10);
  if (columns.tracker < 0 || Number.isNaN(quantity)) return undefined;
  if (tracker === '' || quantity > 0) return 'InStock';
  const policy = cell(row, columns.policy).toLowerCase();
  return policy === 'continue' || policy === 'true' ? 'BackOrder' : 'OutOfStock';
}
