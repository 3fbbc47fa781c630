// Ownership, in one place: "owned by this workspace and not deleted" for every kind of row a workspace
// owns (owner_id holds a workspace id; a personal workspace's is its user's, docs/decisions/045). Who in the
// workspace may do what is ./roles and ./membership. Queries build their WHERE from these conditions instead of writing `owner_id = …` by hand, so a new
// query cannot forget the deleted bundle or the revoked key; a unit test (ownership-only-here.test.ts) fails
// when another file in src/server compares an owner column itself.
//
// Raw SQL that names its tables with aliases passes the alias: `const b = alias(bundles, 'b')`, then
// `${liveBundleOf(ownerId, b)}` renders `"b"."owner_id" = $1 and "b"."deleted_at" is null`.
import { and, eq, isNull, or, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  apiKeys,
  bundles,
  storePushes,
  stores,
  userSpendCarried,
  webhookEndpoints,
  workflows,
} from '../../db/schema';

type BundleColumns = { ownerId: AnyPgColumn; deletedAt: AnyPgColumn };

/** A bundle the user owns and has not deleted: what every function that takes a bundle, run or product sees. */
export function liveBundleOf(ownerId: string, table: BundleColumns = bundles): SQL {
  return and(eq(table.ownerId, ownerId), isNull(table.deletedAt))!;
}

/**
 * Any bundle the user owns, deleted ones included: only for history that outlives a bundle (the month's
 * spend, the measured repair share and answer size of past runs, the purge of deleted bundles).
 */
export function anyBundleOf(ownerId: string, table: { ownerId: AnyPgColumn } = bundles): SQL {
  return eq(table.ownerId, ownerId);
}

/** The seeded workflows (no owner) and the user's own: the only ones a user may see, run or estimate. */
export function workflowVisibleTo(ownerId: string, table: { ownerId: AnyPgColumn } = workflows): SQL {
  return or(isNull(table.ownerId), eq(table.ownerId, ownerId))!;
}

/** A workflow the user created (and so may edit or delete); seeded ones are nobody's. */
export function ownWorkflowOf(ownerId: string): SQL {
  return eq(workflows.ownerId, ownerId);
}

/** A connected store of the user (disconnecting deletes the row). */
export function storeOf(ownerId: string): SQL {
  return eq(stores.ownerId, ownerId);
}

/** A push to a store, made by the user. */
export function pushOf(ownerId: string): SQL {
  return eq(storePushes.ownerId, ownerId);
}

/** An API key of the workspace that is not revoked (expiry is checked where a key is used, not here). */
export function liveApiKeyOf(ownerId: string): SQL {
  return and(eq(apiKeys.ownerId, ownerId), isNull(apiKeys.revokedAt))!;
}

/** The live keys a member made in a workspace: what removing them revokes. */
export function liveApiKeysMadeBy(ownerId: string, userId: string): SQL {
  return and(liveApiKeyOf(ownerId), eq(apiKeys.userId, userId))!;
}

/** The spend carried from the user's deleted bundles (see spending-cap/monthly-budget). */
export function carriedSpendOf(ownerId: string, table: { ownerId: AnyPgColumn } = userSpendCarried): SQL {
  return eq(table.ownerId, ownerId);
}

/** Any webhook endpoint of the workspace, deleted ones included (what was done with them still counts). */
export function anyWebhookOf(ownerId: string): SQL {
  return eq(webhookEndpoints.ownerId, ownerId);
}

/** A webhook endpoint of the workspace that is not deleted. */
export function liveWebhookOf(ownerId: string): SQL {
  return and(eq(webhookEndpoints.ownerId, ownerId), isNull(webhookEndpoints.deletedAt))!;
}
