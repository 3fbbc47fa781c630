// trial.completed: once every run on a trial's sample has each product done or failed. The trial row is
// marked completed in the same statement that finds it open, so two runs settling at once send one event.
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Queryable } from '../../db/client';
import { computedRow, rawRows } from '../../db/raw-rows';
import { emitWebhookEvent } from './emit';

const closedTrial = computedRow({ id: z.number(), owner_id: z.string(), bundle_id: z.number() });
const runFigures = computedRow({
  workflow_id: z.number(),
  bundle_workflow_id: z.number(),
  done: z.number(),
  failed: z.number(),
  cost: z.number(),
  cost_unknown: z.boolean(),
});

export async function emitTrialCompletedIfSettled(db: Queryable, sampleBundleId: number): Promise<void> {
  const [trial] = await rawRows(
    db,
    closedTrial,
    sql`
    update trials t set completed_at = now()
    where t.sample_bundle_id = ${sampleBundleId} and t.completed_at is null
      and not exists (
        select 1 from bundle_workflows bw join bundle_workflow_products p on p.bundle_workflow_id = bw.id
        where bw.bundle_id = t.sample_bundle_id and p.status not in ('done', 'failed'))
    returning t.id, t.owner_id, t.bundle_id`,
  );
  if (!trial) return;
  const runs = await rawRows(
    db,
    runFigures,
    sql`
    select bw.workflow_id, bw.id as bundle_workflow_id,
      (select count(*) from bundle_workflow_products p where p.bundle_workflow_id = bw.id and p.status = 'done')::int as done,
      (select count(*) from bundle_workflow_products p where p.bundle_workflow_id = bw.id and p.status = 'failed')::int as failed,
      coalesce((select sum(l.cost) from logs l where l.bundle_workflow_id = bw.id and l.type = 'ai'), 0)::float8 as cost,
      exists (select 1 from logs l where l.bundle_workflow_id = bw.id and l.type = 'ai' and l.cost is null) as cost_unknown
    from bundle_workflows bw where bw.bundle_id = ${sampleBundleId} order by bw.id`,
  );
  await emitWebhookEvent(
    db,
    trial.owner_id,
    'trial.completed',
    {
      trial_id: trial.id,
      bundle_id: trial.bundle_id,
      workflows: runs.map((run) => ({
        workflow_id: run.workflow_id,
        bundle_workflow_id: run.bundle_workflow_id,
        done: run.done,
        failed: run.failed,
        cost_usd: run.cost_unknown ? null : run.cost,
      })),
    },
    `trial.completed:${trial.id}`,
  );
}
