// Every version of a product's copy is kept: each generation, regeneration, edit and restore
// inserts one row, in the same transaction as the write it records, copied from the row as it now stands.

import { and, desc, eq, sql } from 'drizzle-orm';
import type { ProductVersion } from '../../../common/contract/functions';
import { textFields } from '../../../common/copy-fields/field-spec';
import { COPY_FIELD_REGISTRY, type TextFieldName } from '../../../common/copy-fields/registry';
import { shapeOf } from '../../../common/copy-fields/shapes';
import type { Queryable } from '../../db/client';
import { textCopySql } from '../../db/copy-sql';
import { productVersions, type VersionSource } from '../../db/schema';
import { AppError } from '../../leaves/app-error/app-error';
import { requireOwnedProducts } from '../../leaves/ownership/lookups';
import type { Membership } from '../../leaves/ownership/membership';

/**
 * A copy of the product's saved copy and alt texts (in image order) as a new version. `source` 'generation'
 * is 'regenerated' when the product has a version already, else 'generated', decided in the same statement:
 * the writer saves thousands of products, and a round trip saved each time adds up.
 */
export async function insertVersion(
  db: Queryable,
  bundleWorkflowProductId: number,
  source: VersionSource | 'generation',
  userId: string | null,
): Promise<void> {
  const sourceSql =
    source === 'generation'
      ? sql`case when exists(select 1 from product_versions v where v.bundle_workflow_product_id = p.id)
             then 'regenerated' else 'generated' end`
      : sql`${source}`;
  await db.execute(sql`
    insert into product_versions (bundle_workflow_product_id, source, ${textCopySql()}, alt_texts, user_id)
    select p.id, ${sourceSql}, ${textCopySql('p')},
           coalesce((select jsonb_agg(coalesce(i.alt_text, '') order by i.position)
                     from bundle_workflow_product_images i where i.bundle_workflow_product_id = p.id), '[]'::jsonb),
           ${userId}
    from bundle_workflow_products p where p.id = ${bundleWorkflowProductId}`);
}

const TEXT_FIELDS = textFields(COPY_FIELD_REGISTRY);

/** A version's text columns under their contract names, in registry order. */
const versionTextColumns = () =>
  shapeOf<TextFieldName, typeof productVersions.pageTitle>(
    TEXT_FIELDS,
    (field) => productVersions[field.key as keyof typeof productVersions] as typeof productVersions.pageTitle,
  );

async function selectVersions(db: Queryable, bundleWorkflowProductId: number, onlyId?: number) {
  const v = productVersions;
  const rows = await db
    .select({
      id: v.id,
      source: v.source,
      ...versionTextColumns(),
      alt_texts: v.altTexts,
      created_at: sql<string>`to_char(${v.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
    })
    .from(v)
    .where(
      and(
        eq(v.bundleWorkflowProductId, bundleWorkflowProductId),
        onlyId === undefined ? undefined : eq(v.id, onlyId),
      ),
    )
    .orderBy(desc(v.id));
  return rows.map((row): ProductVersion => ({ ...row, alt_texts: row.alt_texts ?? [] }));
}

/** view-product-history: the owner's product's versions, newest first. */
export async function listVersions(
  db: Queryable,
  ownerId: string,
  bundleWorkflowProductId: number,
): Promise<ProductVersion[]> {
  await requireOwnedProducts(db, ownerId, [bundleWorkflowProductId]);
  return selectVersions(db, bundleWorkflowProductId);
}

/**
 * restore-product-version: the version's copy and alt texts become the product's again, as a new 'restored'
 * version; like an edit, it sends the product back to pending review. Answers the run's id, for the caller
 * to read the product back.
 */
export async function restoreVersion(
  db: Queryable,
  member: Membership,
  bundleWorkflowProductId: number,
  versionId: number,
): Promise<number> {
  const [owned] = await requireOwnedProducts(db, member.workspaceId, [bundleWorkflowProductId]);
  const [version] = await selectVersions(db, bundleWorkflowProductId, versionId);
  if (!version) throw new AppError('unknown_bundle', 'That version is not one of this product’s.');
  await db.execute(sql`
    update bundle_workflow_products set
      ${sql.join(
        TEXT_FIELDS.map((field) => sql`${sql.raw(field.column)} = ${version[field.name as TextFieldName]}`),
        sql`, `,
      )}, review_state = 'pending', updated_at = now()
    where id = ${bundleWorkflowProductId}`);
  const positions = version.alt_texts.map((_, i) => i);
  await db.execute(sql`
    update bundle_workflow_product_images i set alt_text = nullif(a.alt_text, ''), updated_at = now()
    from unnest(${sql.param(positions)}::int[], ${sql.param(version.alt_texts)}::text[]) as a(position, alt_text)
    where i.bundle_workflow_product_id = ${bundleWorkflowProductId} and i.position = a.position`);
  await insertVersion(db, bundleWorkflowProductId, 'restored', member.userId);
  await db.execute(sql`
    insert into logs (bundle_workflow_id, product_id, type, event, details)
    values (${owned!.bundleWorkflowId}, ${owned!.productId}, 'general', 'Version restored',
            ${JSON.stringify({ additional: { version_id: versionId, source: version.source } })}::jsonb)`);
  return owned!.bundleWorkflowId;
}
