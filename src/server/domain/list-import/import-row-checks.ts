// The row checks of an import, by kind: a store export's rows, products (variants included) and images per
// product, and a pasted list's. import-limits.ts feeds them each row as the text arrives.
import { BUNDLE_LIMITS, IMAGE_URL_SEPARATOR } from '../../../common/contract/constants';
import { normaliseHeader } from '../../../common/store-files/import-columns';
import { isShopifyExport } from '../../../common/store-files/shopify-import';
import { isWooCommerceExport, splitWooCommerceImages } from '../../../common/store-files/woocommerce-import';
import { AppError } from '../../leaves/app-error/app-error';

export type RowCheck = (fields: readonly string[], record: number) => void;

export const fmt = (count: number) => count.toLocaleString('en-US');
export const refuse = (message: string) => new AppError('bad_input', message);
const NO_OPTION_VALUE = 'default title';

function checkRowCount(rows: number, record: number): void {
  if (rows > BUNDLE_LIMITS.maxRows) {
    throw refuse(
      `Row ${fmt(record)}: the file has more than ${fmt(BUNDLE_LIMITS.maxRows)} rows; the limit is ${fmt(BUNDLE_LIMITS.maxRows)} rows per file.`,
    );
  }
}

function checkImages(count: number, where: () => string): void {
  if (count > BUNDLE_LIMITS.maxImagesPerProduct) {
    throw refuse(
      `${where()}: the product has more than ${fmt(BUNDLE_LIMITS.maxImagesPerProduct)} images; the limit is ${fmt(BUNDLE_LIMITS.maxImagesPerProduct)} images per product.`,
    );
  }
}

/** A store export: the header row names the format; Shopify rows join their handle, WooCommerce rows are products. */
export function storeExportRows(): RowCheck {
  let rows = 0;
  let products = 0;
  let check: RowCheck | undefined;
  const countProduct = (where: () => string) => {
    products += 1;
    if (products > BUNDLE_LIMITS.maxProducts) {
      throw refuse(
        `${where()}: the export has more than ${fmt(BUNDLE_LIMITS.maxProducts)} products (variants included); the limit is ${fmt(BUNDLE_LIMITS.maxProducts)} per bundle.`,
      );
    }
  };
  return (fields, record) => {
    rows += 1;
    checkRowCount(rows, record);
    if (check) return check(fields, record);
    const headers = fields.map((header) => header.replace(/^\uFEFF/, '').trim());
    if (isShopifyExport(headers)) check = shopifyRows(headers, countProduct);
    else if (isWooCommerceExport(headers)) check = wooCommerceRows(headers, countProduct);
    else check = () => {};
  };
}

function shopifyRows(headers: readonly string[], countProduct: (where: () => string) => void): RowCheck {
  const names = headers.map(normaliseHeader);
  const at = (...candidates: string[]) =>
    candidates.map((name) => names.indexOf(name)).find((index) => index >= 0) ?? -1;
  const handleAt = at('handle', 'url handle');
  const titleAt = at('title');
  const imageAt = at('image src', 'product image url');
  const optionsAt = [1, 2, 3].map((n) => at(`option${n} value`)).filter((index) => index >= 0);
  const handles = new Set<string>();
  // Images are counted for the handle of the rows in a row; Shopify writes a product's rows together.
  let current = '';
  let images = new Set<string>();
  const cell = (fields: readonly string[], index: number) => (index >= 0 ? (fields[index] ?? '').trim() : '');
  return (fields, record) => {
    const handle = cell(fields, handleAt);
    // Named only when refused: formatting the row number of every row cost more than counting it.
    const where = () => `Row ${fmt(record)} of the file (handle ${handle.slice(0, 100)})`;
    if (!handles.has(handle)) {
      if (!handle || !cell(fields, titleAt)) return;
      handles.add(handle);
      countProduct(where);
    } else if (
      optionsAt.some((index) => {
        const value = cell(fields, index);
        return value !== '' && value.toLowerCase() !== NO_OPTION_VALUE;
      })
    ) {
      countProduct(where);
    }
    if (handle !== current) {
      current = handle;
      images = new Set();
    }
    const image = cell(fields, imageAt);
    if (image) {
      images.add(image);
      checkImages(images.size, where);
    }
  };
}

function wooCommerceRows(headers: readonly string[], countProduct: (where: () => string) => void): RowCheck {
  const names = headers.map(normaliseHeader);
  const nameAt = names.indexOf('name');
  const imagesAt = names.indexOf('images');
  return (fields, record) => {
    const where = () => `Row ${fmt(record)} of the file`;
    if (!(fields[nameAt] ?? '').trim()) return;
    countProduct(where);
    if (imagesAt >= 0) checkImages(splitWooCommerceImages(fields[imagesAt] ?? '').length, where);
  };
}

/** A pasted list: one product per non-blank row, after a header row that starts with the first column's name. */
export function listRows(columns: readonly string[] | undefined): RowCheck {
  let products = 0;
  let rows = 0;
  let isFirst = true;
  const imagesAt = columns ? columns.indexOf('image_urls') : -1;
  // Without the columns, a first row might still be a header: it is given the benefit of the doubt.
  const allowed = BUNDLE_LIMITS.maxProducts + (columns ? 0 : 1);
  return (fields, record) => {
    if (fields.every((value) => value.trim() === '')) return;
    rows += 1;
    checkRowCount(rows, record);
    if (isFirst) {
      isFirst = false;
      if (columns && fields[0]?.trim().toLowerCase() === columns[0]?.toLowerCase()) return;
    }
    products += 1;
    if (products > allowed) {
      throw refuse(
        `Row ${fmt(products)}: the list has more than ${fmt(BUNDLE_LIMITS.maxProducts)} products; the limit is ${fmt(BUNDLE_LIMITS.maxProducts)} per bundle.`,
      );
    }
    if (imagesAt >= 0) {
      const count = (fields[imagesAt] ?? '').split(IMAGE_URL_SEPARATOR).filter((url) => url.trim()).length;
      checkImages(count, () => `Row ${fmt(products)}, column image_urls`);
    }
  };
}
