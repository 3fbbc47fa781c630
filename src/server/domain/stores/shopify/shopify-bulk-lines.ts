// A bulk result's JSONL, however big, read line by line into the import's transaction and rebuilt into
// products a chunk at a time. With groupObjects: false a variant's or image's line names its product in
// `__parentId` but may come anywhere after it (https://shopify.dev/docs/api/admin-graphql/2025-10/mutations/bulkOperationRunQuery):
// no product is known to be complete before the file's last line. Holding every product until then would
// hold the whole catalogue, descriptions and all, in this process; instead each line goes, as it arrives, into
// a temporary table of the import's transaction (dropped at its end, whichever way it ends), and the products
// are then read back in the file's order, PRODUCTS_PER_CHUNK at a time, each with its children in theirs.
// What this process holds at once is one batch of lines or one chunk of products, whatever the file's size.
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Queryable } from '../../../db/client';
import { rawRows } from '../../../db/raw-rows';
import { LineTooLongError, linesOf } from '../../../leaves/outbound/lines';
import { tooManyProducts } from '../pulled-catalogue';
import { parseStoreAnswer, StoreApiError } from '../store-api-error';
import { bulkLine, bulkMedia, bulkVariant, productFields } from './shopify-answers';
import type { ShopifyProduct } from './shopify-rows';

/**
 * The longest line of a bulk result we read: a product's line carries its description, which Shopify keeps
 * far below this; a longer line is refused rather than held.
 */
export const MAX_BULK_LINE_BYTES = 1024 * 1024;
/** Lines sent to PostgreSQL per statement, and the bytes past which a batch is sent sooner. */
const LINES_PER_BATCH = 2_000;
const BATCH_BYTES = 4 * 1024 * 1024;
/** Products rebuilt and handed on at once. */
export const PRODUCTS_PER_CHUNK = 500;

/** Reads the body into the transaction's table; refuses a long line, a line that is not JSON, too many variants. */
export async function spillBulkLines(
  tx: Queryable,
  body: AsyncIterable<Buffer>,
  maxProducts: number,
): Promise<void> {
  await tx.execute(sql`
    create temporary table shopify_bulk_lines (
      line integer primary key, id text, parent text, body jsonb not null
    ) on commit drop`);
  let batch: string[] = [];
  let bytes = 0;
  let records = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    const text = `[${batch.join(',')}]`;
    batch = [];
    bytes = 0;
    await tx.execute(sql`
      insert into shopify_bulk_lines (line, id, parent, body)
      select (e->>0)::int, e->1->>'id', e->1->>'__parentId', e->1
      from jsonb_array_elements(${text}::jsonb) as e`);
  };
  try {
    for await (const { number, text } of linesOf(body, MAX_BULK_LINE_BYTES)) {
      if (!text.trim()) continue;
      const line = parseStoreAnswer(bulkLine, jsonOrUndefined(text), lineName(number));
      // JSON allows it, PostgreSQL's jsonb does not: refused here, where the line can be named.
      if (text.includes('\\u0000')) {
        throw new StoreApiError('api', `${lineName(number)} holds a NUL character (\\u0000).`);
      }
      if (line.__parentId && line.id?.includes('/ProductVariant/') && ++records > maxProducts) {
        throw new StoreApiError('api', tooManyProducts(maxProducts));
      }
      batch.push(`[${number},${text}]`);
      bytes += text.length;
      if (batch.length >= LINES_PER_BATCH || bytes >= BATCH_BYTES) await flush();
    }
  } catch (error) {
    if (!(error instanceof LineTooLongError)) throw error;
    throw new StoreApiError(
      'api',
      `${lineName(error.lineNumber)} is longer than ${MAX_BULK_LINE_BYTES / 1024 / 1024} MiB (${MAX_BULK_LINE_BYTES} bytes), the longest line Copyloom reads; nothing was imported.`,
    );
  }
  await flush();
  await tx.execute(sql`create index on shopify_bulk_lines (parent, line)`);
}

const spilledProduct = z.object({ line: z.number(), product: z.unknown(), children: z.array(z.unknown()) });

/** The spilled products in the file's order, a chunk at a time, each with its variants and images in theirs. */
export async function* spilledProducts(tx: Queryable): AsyncGenerator<ShopifyProduct[]> {
  for (let after = 0; ; ) {
    const rows = await rawRows(
      tx,
      spilledProduct,
      sql`
      select p.line, p.body as product,
             coalesce((select jsonb_agg(c.body order by c.line) from shopify_bulk_lines c where c.parent = p.id),
                      '[]'::jsonb) as children
      from shopify_bulk_lines p
      where p.parent is null and p.id like 'gid://shopify/Product/%' and p.line > ${after}
      order by p.line
      limit ${PRODUCTS_PER_CHUNK}`,
    );
    if (rows.length === 0) return;
    yield rows.map((row) => bulkProduct(row.product, row.line, row.children));
    after = rows.at(-1)!.line;
  }
}

/** A product from its line and its children's lines (variants, media images), in the file's order. */
export function bulkProduct(line: unknown, lineNumber: number, children: readonly unknown[]): ShopifyProduct {
  const product: ShopifyProduct = {
    ...parseStoreAnswer(productFields, line, lineName(lineNumber)),
    variants: [],
    media: [],
  };
  for (const child of children) {
    const what = `A line of Shopify's bulk result under ${product.id}`;
    const { id } = parseStoreAnswer(bulkLine, child, what);
    if (id?.includes('/ProductVariant/')) {
      const { image, ...variant } = parseStoreAnswer(bulkVariant, child, what);
      product.variants.push({ ...variant, imageUrl: image?.url ?? '' });
    } else if (id) {
      const media = parseStoreAnswer(bulkMedia, child, what);
      if (media.image?.url)
        product.media.push({ id: media.id, alt: media.alt ?? null, url: media.image.url });
    }
  }
  return product;
}

const lineName = (number: number) => `Line ${number} of Shopify's bulk result`;

/** A line's JSON, or undefined (which no schema takes) when it is not JSON. */
function jsonOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
