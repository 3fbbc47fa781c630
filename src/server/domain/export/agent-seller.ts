// The seller of an agent feed's variants, decided before the file starts: what the request says, else the
// connected store the bundle was imported from (its name and address). The store files hold no seller or
// policy pages, and OpenAI's merchant feed needs a seller name and the privacy, terms and refund pages, so a
// request without one of these is refused with a 400 naming it, rather than a feed the agent turns away.
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AgentFeedSeller } from '../../../common/contract/functions/files';
import type { Queryable } from '../../db/client';
import { computedRow, rawRows } from '../../db/raw-rows';
import { AppError } from '../../leaves/app-error/app-error';
import type { AcpSeller } from './agent-feed';
import { writeCell } from './column-kinds';

// Each policy the feed needs, the Link type the schema names it by, and its title.
const POLICIES = [
  ['privacy_policy_url', 'privacy_policy', 'Privacy policy'],
  ['terms_of_service_url', 'terms_of_service', 'Terms of service'],
  ['refund_policy_url', 'refund_policy', 'Refund policy'],
] as const;
const SHIPPING = ['shipping_policy_url', 'shipping_policy', 'Shipping policy'] as const;

/** The seller fields a request must send when no connected store gives them, in the order they are asked. */
export const SELLER_FIELDS_NEEDED = ['name', ...POLICIES.map(([field]) => field)] as const;

/** The one store the run's products came from, if any. */
async function connectedStore(db: Queryable, bundleWorkflowId: number) {
  const [found] = await rawRows(
    db,
    computedRow({ name: z.string().nullable(), store_url: z.string().nullable() }),
    sql`
    select min(s.name) as name, min(s.store_url) as store_url
    from stores s join store_products sp on sp.store_id = s.id
      join bundle_workflow_products b on b.product_id = sp.product_id
    where b.bundle_workflow_id = ${bundleWorkflowId}
    having count(distinct s.id) = 1`,
  );
  return found ?? null;
}

export async function agentFeedSeller(
  db: Queryable,
  bundleWorkflowId: number,
  asked: AgentFeedSeller | undefined,
): Promise<{ seller: AcpSeller; storeUrl: string | null }> {
  const store = asked?.name && asked.store_url ? null : await connectedStore(db, bundleWorkflowId);
  const given: AgentFeedSeller = {
    ...asked,
    name: asked?.name ?? store?.name ?? undefined,
    store_url: asked?.store_url ?? store?.store_url ?? undefined,
  };
  const missing = SELLER_FIELDS_NEEDED.find((field) => !given[field]);
  if (missing)
    throw new AppError(
      'bad_input',
      `seller.${missing} is needed: the agent feed names the seller and its privacy, terms and refund pages on every variant (send seller: { name, privacy_policy_url, terms_of_service_url, refund_policy_url }).`,
    );
  const links = [...POLICIES, SHIPPING].flatMap(([field, type, title]) => {
    const url = given[field];
    return url ? [{ type, title, url: new URL(url).href }] : [];
  });
  return {
    seller: { name: writeCell('agent-feed', 'seller.name', given.name!), links },
    storeUrl: given.store_url ? new URL(given.store_url).origin : null,
  };
}
