// export-bundle: a run's products as a file in one of the store formats, streamed. Products are read a page
// at a time (keyset by id, or by product-then-variants for the grouped formats) and each page is written out
// before the next is read, so a 50,000-product run is exported in one pass without holding it in memory.
import { eq, sql } from 'drizzle-orm';
import { Zip, ZipPassThrough } from 'fflate';
import { z } from 'zod';
import type { BundleWorkflowProduct } from '../../../common/contract/entities';
import type { ParsedFunctionRequest } from '../../../common/contract/functions';
import type { Queryable } from '../../db/client';
import { computedRow, rawRows } from '../../db/raw-rows';
import { workflows } from '../../db/schema';
import { OFFLINE_MODEL } from '../../leaves/ai/offline-writer';
import { requireOwnedRun } from '../../leaves/ownership/lookups';
import { fileNameSlug } from '../../leaves/slug/slug';
import { runProductPage } from '../runs/run-query';
import type { AgentFeedOptions } from './agent-feed';
import { agentFeedSeller } from './agent-seller';
import { merchantIdOf } from './merchant-ids';
import { offerCurrency } from './offer-currency';
import { groupOptions } from './product-keys';
import { pushedHandles } from './pushed-handles';
import { storeProductIds } from './store-product-ids';
import { type ExportWriter, exportWriter } from './writers';

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
  const { bundle, run } = await requireOwnedRun(db, ownerId, input.bundle_workflow_id);
  const isMerchant = input.format === 'merchant';
  const priced = input.format === 'jsonld' || input.format === 'agent-feed';
  // The seller first: a request without one is a 400 naming the field before the currency is looked for.
  const agentFeed = input.format === 'agent-feed' ? await agentFeedOptions(db, bundle.id, input) : undefined;
  const writer = exportWriter(input.format, {
    hasVariants: await runHasVariants(db, input.bundle_workflow_id),
    fillEmptyOnly: bundle.fillEmptyOnly,
    onlyApproved: input.only_approved === true,
    currency: priced ? await offerCurrency(db, bundle, run.id, input.currency) : null,
    agentFeed,
    // The main feed is read (and a bad one refused with a 400) before the answer starts.
    merchantIdOf: isMerchant ? await merchantIdOf(input, groupOptions) : undefined,
    generative: isMerchant && (await workflowModel(db, run.workflowId)) !== OFFLINE_MODEL,
    merchantAttributes: input.merchant_attributes,
    productBase: input.product_base,
    storeProductIds:
      input.format === 'shopify-translations'
        ? await storeProductIds(db, ownerId, input.bundle_workflow_id)
        : undefined,
    handleChanges: input.format.endsWith('redirects')
      ? await pushedHandles(db, ownerId, input.bundle_workflow_id)
      : undefined,
  });
  const texts = exportTexts(db, input.bundle_workflow_id, writer, pageSize);
  const stem = fileNameStem(bundle.name);
  const fileName = writer.entryName ?? `${stem}-${writer.suffix}.${writer.extension}`;
  if (writer.reports) {
    const reports = writer.reports.map((report) => ({ name: report.fileName(stem), text: report.text }));
    return {
      fileName: `${stem}-${writer.suffix}.zip`,
      contentType: 'application/zip',
      body: zipStream(fileName, texts, reports),
    };
  }
  return { fileName, contentType: writer.contentType, body: textStream(texts) };
}

async function agentFeedOptions(
  db: Queryable,
  bundleId: number,
  input: ParsedFunctionRequest<'export-bundle'>,
): Promise<AgentFeedOptions> {
  const { seller, storeUrl } = await agentFeedSeller(db, input.bundle_workflow_id, input.seller);
  return {
    seller,
    storeUrl,
    // One feed per bundle: the next export replaces it whole (the RFC's offline full replacement).
    feedId: `copyloom-bundle-${bundleId}`,
    targetCountry: input.target_country,
    now: new Date(),
  };
}

async function workflowModel(db: Queryable, workflowId: number): Promise<string | undefined> {
  const [found] = await db
    .select({ model: workflows.model })
    .from(workflows)
    .where(eq(workflows.id, workflowId));
  return found?.model;
}

/** Whether any product of the run is a variant or carries store option or SKU data (Shopify's option columns). */
async function runHasVariants(db: Queryable, bundleWorkflowId: number): Promise<boolean> {
  const rows = await rawRows(
    db,
    computedRow({ found: z.boolean() }),
    sql`
    select exists(
      select 1 from bundle_workflow_products p join products pr on pr.id = p.product_id
      where p.bundle_workflow_id = ${bundleWorkflowId}
        and (p.is_multiple_of is not null or pr.details ?| array['option1_name', 'sku'])) as found`,
  );
  return rows[0]?.found === true;
}

async function* exportTexts(
  db: Queryable,
  bundleWorkflowId: number,
  writer: ExportWriter,
  pageSize: number,
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
    // only_approved is the writer's (writers.ts): the page is read whole, so that paging goes on from its end.
    const page = read;
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

/**
 * Files in one zip, streamed: the first from its texts as they come, then the reports (which the first fills
 * as it is written) once it is done. Entries are stored, not deflated: the reports are small.
 */
function zipStream(
  name: string,
  texts: AsyncGenerator<string>,
  reports: { name: string; text: () => string }[],
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const chunks: Uint8Array[] = [];
  let done = false;
  const zip = new Zip((error, chunk, final) => {
    if (error) throw error;
    chunks.push(chunk);
    done ||= final;
  });
  const file = new ZipPassThrough(name);
  zip.add(file);
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      while (chunks.length === 0 && !done) {
        const next = await texts.next();
        if (!next.done) {
          file.push(encoder.encode(next.value));
          continue;
        }
        file.push(new Uint8Array(0), true);
        for (const report of reports) {
          const entry = new ZipPassThrough(report.name);
          zip.add(entry);
          entry.push(encoder.encode(report.text()), true);
        }
        zip.end();
      }
      const chunk = chunks.shift();
      if (chunk) controller.enqueue(chunk);
      else controller.close();
    },
    async cancel() {
      await texts.return(undefined);
    },
  });
}

/** The bundle's name as a file name: letters, digits and dashes; "bundle" when nothing is left. */
export function fileNameStem(bundleName: string): string {
  return fileNameSlug(bundleName, 80) || 'bundle';
}
