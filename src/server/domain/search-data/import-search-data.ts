// import-search-data: a Search Console export into the bundle. The pages are matched to the bundle's products,
// each product's pages summed into one row (clicks and impressions added, position weighted by impressions,
// CTR the file's own when one page matched, else clicks ÷ impressions), and the whole import written in one
// transaction. The data stays in this database: nothing here reaches a prompt or a log.
import { eq } from 'drizzle-orm';
import type { ParsedFunctionRequest } from '../../../common/contract/functions';
import type { Database } from '../../db/client';
import { products as productTable, searchImports, searchProductStats } from '../../db/schema';
import { AppError } from '../../leaves/app-error/app-error';
import { requireOwnedBundleId } from '../../leaves/ownership/lookups';
import { addTo, createPageMatcher, type MatchableProduct } from './match-pages';
import type { PageRow } from './parse-export';
import {
  type PageTable,
  pageAt,
  pageKeyAt,
  readSearchUpload,
  type SearchUpload,
  unpackAt,
  uploadedPages,
} from './search-upload';

export type ImportAnswer = {
  import_id: number;
  /** Pages matched to a product, and the products they matched. */
  matched: number;
  matched_products: number;
  unmatched: string[];
  period: { start: string; end: string };
  columns_read: Record<string, string>;
  page_rows: number;
};

function choosePeriod(
  stated: { start: string; end: string } | null,
  given: { start?: string; end?: string },
): { start: string; end: string } {
  if (stated) {
    if ((given.start && given.start !== stated.start) || (given.end && given.end !== stated.end)) {
      throw new AppError(
        'bad_input',
        `period_start/period_end (${given.start ?? '…'} to ${given.end ?? '…'}) differ from the export's own dates (${stated.start} to ${stated.end}).`,
      );
    }
    return stated;
  }
  if (!given.start || !given.end) {
    throw new AppError(
      'bad_input',
      'The period is unknown: Pages.csv alone has no dates, so give period_start and period_end (or upload the ZIP).',
    );
  }
  if (given.end < given.start) throw new AppError('bad_input', 'period_end is before period_start.');
  return { start: given.start, end: given.end };
}

export function sumPages(pages: readonly PageRow[]) {
  const clicks = pages.reduce((sum, page) => sum + page.clicks, 0);
  const impressions = pages.reduce((sum, page) => sum + page.impressions, 0);
  const weighted = pages.reduce((sum, page) => sum + page.position * page.impressions, 0);
  const position =
    impressions > 0 ? weighted / impressions : pages.reduce((sum, p) => sum + p.position, 0) / pages.length;
  const ctr = pages.length === 1 ? pages[0]!.ctr : impressions > 0 ? clicks / impressions : 0;
  return { clicks, impressions, ctr, position };
}

export async function importSearchData(
  db: Database,
  ownerId: string,
  input: ParsedFunctionRequest<'import-search-data'>,
  /** The upload already read (off the event loop for a big one, search-upload.ts); read here when absent. */
  upload: SearchUpload = readSearchUpload(input),
): Promise<ImportAnswer> {
  const bundleId = await requireOwnedBundleId(db, ownerId, input.bundle_id);
  const parsed = uploadedPages(upload);
  const period = choosePeriod(parsed.period, { start: input.period_start, end: input.period_end });
  const products: MatchableProduct[] = await db
    .select({ id: productTable.id, details: productTable.details })
    .from(productTable)
    .where(eq(productTable.bundleId, bundleId));
  const { matched, unmatched } = matchTable(products, parsed.table);
  const pageRows = parsed.table.count;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(searchImports)
      .values({
        bundleId: bundleId,
        periodStart: period.start,
        periodEnd: period.end,
        source: input.zip_base64 !== undefined ? 'zip' : 'csv',
        columnsRead: parsed.columns,
        pageRows,
        unmatched,
      })
      .returning({ id: searchImports.id });
    const stats = [...matched].map(([productId, pages]) => ({
      importId: row!.id,
      productId,
      ...sumPages(pages),
      pages: pages.map((page) => page.url),
    }));
    for (let i = 0; i < stats.length; i += 1_000) {
      await tx.insert(searchProductStats).values(stats.slice(i, i + 1_000));
    }
    return {
      import_id: row!.id,
      matched: pageRows - unmatched.length,
      matched_products: matched.size,
      unmatched,
      period,
      columns_read: parsed.columns,
      page_rows: pageRows,
    };
  });
}

/** The pages by product, from their keys worked out when the upload was read; unmatched ones by URL only. */
function matchTable(products: readonly MatchableProduct[], table: PageTable) {
  const productOf = createPageMatcher(products);
  const matched = new Map<number, PageRow[]>();
  const unmatched: string[] = [];
  for (let index = 0; index < table.count; index++) {
    const productId = productOf(pageKeyAt(table, index));
    if (productId === undefined) unmatched.push(unpackAt(table.urls, index));
    else addTo(matched, productId, pageAt(table, index));
  }
  return { matched, unmatched };
}
