// estimate-cost: what a run would cost, for a bundle that exists or a list not yet sent.
import { asc, eq } from 'drizzle-orm';
import type { FunctionResponse, ParsedFunctionRequest } from '../../common/functions';
import { AppError } from '../app-error';
import type { Queryable } from '../db/client';
import { products, workflows } from '../db/schema';
import { estimateRunCost } from '../generation/estimate-run-cost';
import { requireOwnedBundle } from './bundle-access';
import { parseProductList } from './parse-product-list';

export async function estimateCost(
  db: Queryable,
  ownerId: string,
  input: ParsedFunctionRequest<'estimate-cost'>,
): Promise<FunctionResponse<'estimate-cost'>> {
  const [workflow] = await db.select().from(workflows).where(eq(workflows.id, input.workflow_id));
  if (!workflow) throw new AppError('unknown_workflow', `There is no workflow ${input.workflow_id}.`);

  let list: { position: number; details: Record<string, string | null>; imageUrls: string[] }[];
  let settings = { keywords: '', business_type: '', tone_of_voice: '' };
  if (input.bundle_id !== undefined) {
    const bundle = await requireOwnedBundle(db, ownerId, input.bundle_id);
    settings = bundle.customFields;
    list = await db
      .select({ position: products.position, details: products.details, imageUrls: products.imageUrls })
      .from(products)
      .where(eq(products.bundleId, bundle.id))
      .orderBy(asc(products.position));
  } else {
    list = parseProductList(input.raw_csv ?? '', input.columns ?? []);
    if (input.custom_fields) settings = input.custom_fields;
  }
  const estimate = estimateRunCost({
    model: workflow.model,
    templates: workflow.promptTemplates,
    products: list,
    settings,
  });
  return {
    model: estimate.model,
    products: estimate.products,
    prompt_tokens: estimate.prompt_tokens,
    completion_tokens: estimate.completion_tokens,
    cost_usd: estimate.cost_usd,
  };
}
