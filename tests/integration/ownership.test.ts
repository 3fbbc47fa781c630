// Ownership is one module (src/server/leaves/ownership): for every kind of row a user owns, its condition finds the
// owner's row and not with another user's id, and its lookup answers like a missing row for another user or
// for a deleted bundle. If a condition stopped comparing the owner, a case here would find Alice's row for Bob.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../../src/server/db/client';
import {
  apiKeys,
  bundles,
  bundleWorkflowProducts,
  bundleWorkflows,
  products,
  storePushes,
  stores,
  user,
  userSpendCarried,
  webhookEndpoints,
  workflows,
} from '../../src/server/db/schema';
import * as owned from '../../src/server/leaves/ownership/conditions';
import * as lookups from '../../src/server/leaves/ownership/lookups';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

let database: TestDatabase;
let db: Queryable;
const ALICE = 'ownership-alice';
const BOB = 'ownership-bob';
const ids = {
  bundle: 0,
  deletedBundle: 0,
  run: 0,
  runProduct: 0,
  workflow: 0,
  store: 0,
  push: 0,
  key: 0,
  hook: 0,
};
const fields = { keywords: '', url_template: '', business_type: '', tone_of_voice: '' };

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  await db.insert(user).values([
    { id: ALICE, name: 'Alice', email: 'alice-ownership@example.com' },
    { id: BOB, name: 'Bob', email: 'bob-ownership@example.com' },
  ]);
  const [bundle, deleted] = await db
    .insert(bundles)
    .values([
      { ownerId: ALICE, name: 'Alice lamps', columns: ['title'], customFields: fields },
      { ownerId: ALICE, name: 'Alice gone', columns: ['title'], customFields: fields, deletedAt: new Date() },
    ])
    .returning();
  const [seeded] = await db.select().from(workflows).where(eq(workflows.id, 4));
  const { id: _id, createdAt: _c, updatedAt: _u, ...copy } = seeded!;
  const [workflow] = await db
    .insert(workflows)
    .values({ ...copy, ownerId: ALICE, name: 'Alice voice' })
    .returning();
  const [run] = await db.insert(bundleWorkflows).values({ bundleId: bundle!.id, workflowId: 4 }).returning();
  const [product] = await db
    .insert(products)
    .values({ bundleId: bundle!.id, position: 1, details: { product_name: 'Lamp' } })
    .returning();
  const [runProduct] = await db
    .insert(bundleWorkflowProducts)
    .values({ bundleWorkflowId: run!.id, productId: product!.id })
    .returning();
  const [store] = await db
    .insert(stores)
    .values({
      ownerId: ALICE,
      platform: 'shopify',
      storeUrl: 'https://alice.example',
      name: 'Alice',
      sealedCredentials: 'x',
    })
    .returning();
  const [push] = await db
    .insert(storePushes)
    .values({ ownerId: ALICE, storeId: store!.id, bundleWorkflowId: run!.id, kind: 'push', apiVersion: '1' })
    .returning();
  const [key] = await db
    .insert(apiKeys)
    .values({
      userId: ALICE,
      ownerId: ALICE,
      name: 'k',
      prefix: 'cl_x',
      keyHash: 'ownership-hash',
      scopes: ['read'],
    })
    .returning();
  const [hook] = await db
    .insert(webhookEndpoints)
    .values({
      userId: ALICE,
      ownerId: ALICE,
      url: 'https://hooks.example',
      events: ['run.completed'],
      secret: 'whsec_x',
    })
    .returning();
  await db.insert(userSpendCarried).values({ ownerId: ALICE, month: '2026-01-01', spentUsd: 1 });
  Object.assign(ids, {
    bundle: bundle!.id,
    deletedBundle: deleted!.id,
    run: run!.id,
    runProduct: runProduct!.id,
    workflow: workflow!.id,
    store: store!.id,
    push: push!.id,
    key: key!.id,
    hook: hook!.id,
  });
});

afterAll(async () => {
  await database?.drop();
});

describe('each condition finds the owner’s row and not with another user’s id', () => {
  let whoever = ALICE;
  const kinds = [
    [
      'live bundle',
      () =>
        db
          .select({ id: bundles.id })
          .from(bundles)
          .where(and(eq(bundles.id, ids.bundle), owned.liveBundleOf(whoever))),
    ],
    [
      'any bundle',
      () =>
        db
          .select({ id: bundles.id })
          .from(bundles)
          .where(and(eq(bundles.id, ids.deletedBundle), owned.anyBundleOf(whoever))),
    ],
    [
      'own workflow',
      () =>
        db
          .select({ id: workflows.id })
          .from(workflows)
          .where(and(eq(workflows.id, ids.workflow), owned.ownWorkflowOf(whoever))),
    ],
    [
      'visible workflow',
      () =>
        db
          .select({ id: workflows.id })
          .from(workflows)
          .where(and(eq(workflows.id, ids.workflow), owned.workflowVisibleTo(whoever))),
    ],
    [
      'store',
      () =>
        db
          .select({ id: stores.id })
          .from(stores)
          .where(and(eq(stores.id, ids.store), owned.storeOf(whoever))),
    ],
    [
      'push',
      () =>
        db
          .select({ id: storePushes.id })
          .from(storePushes)
          .where(and(eq(storePushes.id, ids.push), owned.pushOf(whoever))),
    ],
    [
      'api key',
      () =>
        db
          .select({ id: apiKeys.id })
          .from(apiKeys)
          .where(and(eq(apiKeys.id, ids.key), owned.liveApiKeyOf(whoever))),
    ],
    [
      'webhook',
      () =>
        db
          .select({ id: webhookEndpoints.id })
          .from(webhookEndpoints)
          .where(and(eq(webhookEndpoints.id, ids.hook), owned.liveWebhookOf(whoever))),
    ],
    [
      'carried spend',
      () =>
        db
          .select({ id: userSpendCarried.ownerId })
          .from(userSpendCarried)
          .where(owned.carriedSpendOf(whoever)),
    ],
  ] as const;
  it.each(kinds)('%s', async (_kind, query) => {
    whoever = ALICE;
    expect(await query()).toHaveLength(1);
    whoever = BOB;
    expect(await query()).toHaveLength(0);
  });

  it('a deleted bundle is not live, even for its owner', async () => {
    const rows = await db
      .select({ id: bundles.id })
      .from(bundles)
      .where(and(eq(bundles.id, ids.deletedBundle), owned.liveBundleOf(ALICE)));
    expect(rows).toEqual([]);
  });

  it('a seeded workflow is visible to everyone and owned by no one', async () => {
    const seeded = and(eq(workflows.id, 4), owned.workflowVisibleTo(BOB));
    expect(await db.select({ id: workflows.id }).from(workflows).where(seeded)).toHaveLength(1);
    const own = and(eq(workflows.id, 4), owned.ownWorkflowOf(BOB));
    expect(await db.select({ id: workflows.id }).from(workflows).where(own)).toHaveLength(0);
  });
});

describe('each lookup answers the owner and refuses another user like a missing row', () => {
  const lookupsOf = [
    ['bundle', (who: string) => lookups.requireOwnedBundle(db, who, ids.bundle), 'unknown_bundle'],
    [
      'bundle id (search data)',
      (who: string) => lookups.requireOwnedBundleId(db, who, ids.bundle),
      'unknown_bundle',
    ],
    ['run', (who: string) => lookups.requireOwnedRun(db, who, ids.run), 'unknown_bundle'],
    [
      'run product',
      (who: string) => lookups.requireOwnedRunProduct(db, who, ids.runProduct),
      'unknown_bundle',
    ],
    [
      'run products (review)',
      (who: string) => lookups.requireOwnedProducts(db, who, [ids.runProduct]),
      'unknown_bundle',
    ],
    ['workflow', (who: string) => lookups.requireVisibleWorkflow(db, who, ids.workflow), 'unknown_workflow'],
    ['push', (who: string) => lookups.requireOwnedPush(db, who, ids.push), 'unknown_store'],
  ] as const;
  it.each(lookupsOf)('%s', async (_kind, lookup, refusal) => {
    await expect(lookup(ALICE)).resolves.toBeTruthy();
    await expect(lookup(BOB)).rejects.toMatchObject({ type: refusal });
  });

  it('a deleted bundle is unknown to its owner too', async () => {
    await expect(lookups.requireOwnedBundle(db, ALICE, ids.deletedBundle)).rejects.toMatchObject({
      type: 'unknown_bundle',
    });
  });
});
