// The statements behind view-trial: each product of each workflow's run on the sample, with its figures summed
// from its own log lines, so what view-trial reports is what view-bundle-log lists for that product.
import { inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { CopyProblem } from '../../../common/contract/entities';
import { PRODUCT_STATUSES } from '../../../common/contract/entities';
import type { Queryable } from '../../db/client';
import { computedRow, rawRows } from '../../db/raw-rows';
import { workflows } from '../../db/schema';

const trialProductRow = computedRow({
  bundle_workflow_id: z.number(),
  workflow_id: z.number(),
  paused_reason: z.string().nullable(),
  position: z.number(),
  status: z.enum(PRODUCT_STATUSES),
  problems: z.custom<CopyProblem[] | null>((value) => value === null || Array.isArray(value)),
  row: z.record(z.string(), z.unknown()),
  cost: z.number(),
  cost_unknown: z.boolean(),
  prompt_tokens: z.number(),
  completion_tokens: z.number(),
  seconds: z.number(),
  repairs: z.number(),
  first_check: z.string().nullable(),
});
export type TrialProductRow = z.infer<typeof trialProductRow>;

/** Every run product of the sample bundle, by run then position, with its log's sums. */
export function readTrialProducts(db: Queryable, sampleBundleId: number): Promise<TrialProductRow[]> {
  return rawRows(
    db,
    trialProductRow,
    sql`
    select bw.id as bundle_workflow_id, bw.workflow_id, bw.paused_reason, pr.position, p.status, p.problems,
           to_jsonb(p) as row, l.cost, l.cost_unknown, l.prompt_tokens, l.completion_tokens, l.seconds,
           l.repairs, l.first_check
    from bundle_workflows bw
    join bundle_workflow_products p on p.bundle_workflow_id = bw.id
    join products pr on pr.id = p.product_id
    cross join lateral (
      select coalesce(sum(g.cost) filter (where g.type = 'ai'), 0)::float8 as cost,
             coalesce(bool_or(g.type = 'ai' and g.cost is null), false) as cost_unknown,
             coalesce(sum(g.prompt_tokens) filter (where g.type = 'ai'), 0)::int as prompt_tokens,
             coalesce(sum(g.completion_tokens) filter (where g.type = 'ai'), 0)::int as completion_tokens,
             coalesce(extract(epoch from max(g.created_at) - min(g.created_at)), 0)::float8 as seconds,
             count(*) filter (where g.type = 'ai' and g.event = 'Copy repaired')::int as repairs,
             (array_agg(g.event order by g.id) filter (where g.event like 'Copy checked:%'))[1] as first_check
      from logs g
      where g.bundle_workflow_id = bw.id and g.product_id = p.product_id) l
    where bw.bundle_id = ${sampleBundleId}
    order by bw.id, pr.position`,
  );
}

/** The first answer passed when the first check of the product found nothing (generate-product's log line). */
export const FIRST_CHECK_PASSED = 'Copy checked: within limits';

/** The trial's workflows by id, with their names and models (a deleted one is missing). */
export async function workflowNames(
  db: Queryable,
  ids: number[],
): Promise<Map<number, { name: string; model: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: workflows.id, name: workflows.name, model: workflows.model })
    .from(workflows)
    .where(inArray(workflows.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}
