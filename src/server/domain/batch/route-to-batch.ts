// Whether a generate-product job's product goes by the Batch API: a product of a batch workflow on an AI model,
// on a provider that has not shown it lacks the Batch API. Every entry point that queues products (a new run,
// regenerate, a raised cap) queues generate-product jobs, so this one check routes them all; the collection
// then takes every queued product of the run, variants included (they have no job of their own until their
// parent is saved, and by then they are in the batch beside it).
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { rawRows, rowOf } from '../../db/raw-rows';
import { bundleWorkflowProducts } from '../../db/schema';
import { OFFLINE_MODEL } from '../../leaves/ai/offline-writer';
import { queueCollectBatch } from '../../leaves/queue/batch-jobs';
import type { GenerationDeps } from '../generation/generate-product';
import { BATCH_API_UNSUPPORTED } from './batch-api';

/** True when the batch path took the product (queued for collection, or already in a batch). */
/** The workflow's batch switch and model, the product's state, and whether the provider refused batches. */
const routeRow = rowOf(
  bundleWorkflowProducts,
  ['isMultipleOf', 'status', 'providerBatchId', 'bundleWorkflowId'],
  {
    batch: z.boolean(),
    model: z.string(),
    is_unsupported: z.boolean(),
  },
);

export async function routeToBatch(deps: GenerationDeps, bundleWorkflowProductId: number): Promise<boolean> {
  if (!deps.writers.hasApiKey) return false;
  const rows = await rawRows(
    deps.db,
    routeRow,
    sql`
    select w.batch, w.model, p.is_multiple_of, p.status, p.provider_batch_id, p.bundle_workflow_id,
      exists (select 1 from provider_batches b
              where b.bundle_workflow_id = p.bundle_workflow_id and b.error = ${BATCH_API_UNSUPPORTED}) as is_unsupported
    from bundle_workflow_products p
    join bundle_workflows bw on bw.id = p.bundle_workflow_id
    join workflows w on w.id = bw.workflow_id
    where p.id = ${bundleWorkflowProductId}`,
  );
  const row = rows[0];
  if (!row?.batch || row.model === OFFLINE_MODEL || row.is_unsupported) {
    return false;
  }
  if (row.status === 'queued') {
    await queueCollectBatch(deps.db as Database, row.bundleWorkflowId);
    return true;
  }
  return row.status === 'running' && row.providerBatchId !== null;
}
