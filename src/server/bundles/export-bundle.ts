// export-bundle: a run's products as a file in one of the store formats, streamed. Products are read a page
// at a time (keyset by id, or by product-then-variants for the grouped formats) and each page is written out
// before the next is read, so a 50,000-product run is exported in one pass without holding it in memory.
import { sql } from 'drizzle-orm';
import type { BundleWorkflowProduct } from '../../common/entities';
import type { ParsedFunctionRequest } from '../../common/functions';
import type { Queryable } from '../db/client';
import { requireOwnedRun } from './bundle-access';
import { type ExportWriter, exportWriter } from './export-writers';
import { runProductPage } from './run-query';

// Large enough that a 50,000-product run is 50 queries, small enough that a page stays a few MB.
export const EXPORT_PAGE_SIZE = 1_000;

export type ExportFile = { fileName: string; contentType: string; body: ReadableStream<Uint8Array> };

/** Another user's run answers unknown_bundle, exactly as a missing one (requireOwnedRun). */
export async function exportBundle(
  db: Queryable,
  ownerId: string,
  input: ParsedFunctionRequest<'export-bundle'>,
  pageSize = EXPORT_PAGE_SIZE,
): Promise<ExportFile> {
  const { bundle } = await requireOwnedRun(db, ownerId, input.bundle_workflow_id);
  const writer = exportWriter(input.format, {
    hasVariants: await runHasVariants(db, input.bundle_workflow_id),
    fillEmptyOnly: bundle.fillEmptyOnly,
  });
  const texts = exportTexts(db, input.bundle_workflow_id, writer, pageSize, input.only_approved === true);
  return {
    fileName: `${fileNameStem(bundle.name)}-${writer.suffix}.${writer.extension}`,
    contentType: writer.contentType,
    body: textStream(texts),
  };
}

/** Whether any product of the run is a variant or carries store option or SKU data (Shopify's option columns). */
async function runHasVariants(db: Queryable, bundleWorkflowId: number): Promise<boolean> {
  const { rows } = await db.execute<{ found: boolean }>(sql`
    select exists(
      select 1 from bundle_workflow_products p join products pr on pr.id = p.product_id
      where p.bundle_workflow_id = ${bundleWorkflowId}
        and (p.is_multiple_of is not null or pr.details ?| array['option1_name', 'sku'])) as found`);
  return rows[0]?.found === true;
}

async function* exportTexts(
  db: Queryable,
  bundleWorkflowId: number,
  writer: ExportWriter,
  pageSize: number,
  onlyApproved: boolean,
): AsyncGenerator<string> {
  yield writer.head;
  let isFirst = true;
  const write = (products: BundleWorkflowProduct[]) => {
    const pieces = writer.pieces(products);
    if (pieces.length === 0) return '';
    const text = `${isFirst ? '' : writer.separator}${pieces.join(writer.separator)}`;
    isFirst = false;
    return text;
  };
  // A grouped writer's product and its variants may span two pages: the open group waits for the next page.
  let group: BundleWorkflowProduct[] = [];
  let after: { group: number; id: number } | null = null;
  for (;;) {
    const read = await runProductPage(db, bundleWorkflowId, {
      grouped: writer.grouped,
      after,
      limit: pageSize,
    });
    if (read.length === 0) break;
    const last = read.at(-1)!;
    after = { group: last.is_multiple_of ?? last.id, id: last.id };
    // only_approved (issue 14): the page is still read whole, so that paging goes on from its last row.
    const page = onlyApproved ? read.filter((product) => product.review_state === 'approved') : read;
    if (!writer.grouped) {
      yield write(page);
      continue;
    }
    const out: string[] = [];
    for (const product of page) {
      const key = product.is_multiple_of ?? product.id;
      if (group.length > 0 && (group[0]!.is_multiple_of ?? group[0]!.id) !== key) {
        out.push(write(group));
        group = [];
      }
      group.push(product);
    }
    yield out.join('');
  }
  if (group.length > 0) yield write(group);
  yield writer.tail;
}

function textStream(texts: AsyncGenerator<string>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    // Each pull enqueues a chunk or closes: a pull that did neither would not be called again.
    async pull(controller) {
      for (;;) {
        const next = await texts.next();
        if (next.done) return controller.close();
        if (next.value !== '') return controller.enqueue(encoder.encode(next.value));
      }
    },
    async cancel() {
      await texts.return(undefined);
    },
  });
}

/** The bundle's name as a file name: letters, digits and dashes; "bundle" when nothing is left. */
export function fileNameStem(bundleName: string): string {
  const stem = bundleName
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
  return stem || 'bundle';
}
