// A user's own workflows: made, changed and deleted by their owner only. Seeded workflows have no
// owner and cannot be changed; another user's id answers exactly like a missing one.
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Workflow } from '../../../common/contract/entities';
import type { WorkflowFields } from '../../../common/contract/functions';
import { canonicalLanguageTag as canonicalTag } from '../../../common/contract/language';
import type { Database, Queryable } from '../../db/client';
import { bundles, bundleWorkflows, workflows } from '../../db/schema';
import { AppError } from '../../leaves/app-error/app-error';
import { anyBundleOf, ownWorkflowOf } from '../../leaves/ownership/conditions';
import { requireVisibleWorkflow } from '../../leaves/ownership/lookups';
import { DEFAULT_PROMPT_TEMPLATES } from '../generation/prompt-templates';
import { toWorkflowEntity } from './workflows';

type WorkflowColumns = Partial<typeof workflows.$inferInsert>;

/**
 * The copy's language and its translations' from `languages` (first, then the rest) or `language` alone, which
 * keeps the translations it does not now duplicate; translations need a language of their own to follow, so
 * `language: null` drops them.
 */
function languageColumns(fields: Partial<WorkflowFields>, current: string[]): WorkflowColumns {
  const language = fields.language ? canonicalTag(fields.language) : fields.language;
  if (fields.languages) {
    const [first, ...more] = fields.languages.map(canonicalTag);
    if (language !== undefined && language !== first) {
      throw new AppError(
        'bad_input',
        `language: "${language}" must be the first of languages (${fields.languages.join(', ')}), or left out.`,
      );
    }
    return { language: first, moreLanguages: more };
  }
  if (language === undefined) return {};
  return { language, moreLanguages: language ? current.filter((tag) => tag !== language) : [] };
}

/** The columns a (partial) request sets; fields it leaves out stay as they are. */
function columnsOf(fields: Partial<WorkflowFields>, currentMoreLanguages: string[] = []): WorkflowColumns {
  const columns: WorkflowColumns = languageColumns(fields, currentMoreLanguages);
  if (fields.name !== undefined) columns.name = fields.name;
  if (fields.model !== undefined) columns.model = fields.model;
  if (fields.banned_phrases !== undefined) columns.bannedPhrases = fields.banned_phrases;
  if (fields.protected_terms !== undefined) columns.protectedTerms = fields.protected_terms;
  if (fields.voice_notes !== undefined) columns.voiceNotes = fields.voice_notes;
  if (fields.temperature !== undefined) columns.temperature = fields.temperature;
  if (fields.max_output_tokens !== undefined) columns.maxOutputTokens = fields.max_output_tokens;
  if (fields.price !== undefined) {
    columns.priceInputPerMillion = fields.price?.input_per_million ?? null;
    columns.priceOutputPerMillion = fields.price?.output_per_million ?? null;
    columns.priceCachedInputPerMillion = fields.price?.cached_input_per_million ?? null;
  }
  if (fields.batch !== undefined) columns.batch = fields.batch;
  if (fields.batch_repairs !== undefined) columns.batchRepairs = fields.batch_repairs;
  if (fields.sees_images !== undefined) columns.seesImages = fields.sees_images;
  if (fields.image_detail !== undefined) columns.imageDetail = fields.image_detail;
  if (fields.max_images !== undefined) columns.maxImages = fields.max_images;
  return columns;
}

/** The Batch API answers one request a product: its workflows write one language. */
function refuseBatchTranslations(batch: boolean, moreLanguages: string[]): void {
  if (batch && moreLanguages.length > 0) {
    throw new AppError(
      'bad_input',
      'languages: a Batch API workflow writes one language; turn batch off to write translations, or make a workflow for each language.',
    );
  }
}

/** Photos are sent with direct calls only: a batch line carries the product's text. */
function refuseBatchImages(batch: boolean, seesImages: boolean): void {
  if (batch && seesImages) {
    throw new AppError(
      'bad_input',
      'sees_images: a Batch API workflow sends no photos yet; turn batch off to show the photos to the model.',
    );
  }
}

/** PostgreSQL's unique_violation: the owner already has a workflow of that name (workflows_owner_name_idx). */
function isDuplicateName(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } }).cause ?? (error as { code?: string });
  return (cause as { code?: string }).code === '23505';
}

function duplicateName(name: string | undefined): AppError {
  return new AppError('bad_input', `name: you already have a workflow named "${name}"; choose another name.`);
}

export async function createWorkflow(
  db: Queryable,
  ownerId: string,
  fields: WorkflowFields,
): Promise<number> {
  const columns = columnsOf(fields);
  refuseBatchTranslations(columns.batch ?? false, columns.moreLanguages ?? []);
  refuseBatchImages(columns.batch ?? false, columns.seesImages ?? false);
  try {
    const [created] = await db
      .insert(workflows)
      .values({
        ...columns,
        name: fields.name,
        model: fields.model,
        ownerId,
        promptTemplates: DEFAULT_PROMPT_TEMPLATES,
      })
      .returning({ id: workflows.id });
    return created!.id;
  } catch (error) {
    if (isDuplicateName(error)) throw duplicateName(fields.name);
    throw error;
  }
}

/** The user's own workflow, for a change; seeded ones are everyone's and cannot be changed. */
async function requireOwnWorkflow(db: Queryable, ownerId: string, workflowId: number) {
  const row = await requireVisibleWorkflow(db, ownerId, workflowId);
  if (row.ownerId === null) {
    throw new AppError(
      'bad_input',
      `workflow_id: "${row.name}" is a built-in workflow and cannot be changed; make a workflow of your own instead.`,
    );
  }
  return row;
}

export async function updateWorkflow(
  db: Queryable,
  ownerId: string,
  workflowId: number,
  fields: Partial<WorkflowFields>,
  hasApiKey: boolean,
): Promise<Workflow> {
  const current = await requireOwnWorkflow(db, ownerId, workflowId);
  const columns = columnsOf(fields, current.moreLanguages);
  refuseBatchTranslations(columns.batch ?? current.batch, columns.moreLanguages ?? current.moreLanguages);
  refuseBatchImages(columns.batch ?? current.batch, columns.seesImages ?? current.seesImages);
  try {
    const [row] = await db
      .update(workflows)
      .set({ ...columns, updatedAt: new Date() })
      .where(and(eq(workflows.id, workflowId), ownWorkflowOf(ownerId)))
      .returning();
    if (!row) throw new AppError('unknown_workflow', `There is no workflow ${workflowId}.`);
    return toWorkflowEntity(row, hasApiKey);
  } catch (error) {
    if (isDuplicateName(error)) throw duplicateName(fields.name);
    throw error;
  }
}

/**
 * Deletes a workflow no run uses. A run keeps its workflow's model, prompt and price for its log and its
 * regenerations, so a workflow in use is refused with the number of runs; deleting those bundles frees it
 * (runs of bundles already deleted but not yet purged go with the workflow).
 */
export async function deleteWorkflow(db: Database, ownerId: string, workflowId: number): Promise<void> {
  const row = await requireOwnWorkflow(db, ownerId, workflowId);
  await db.transaction(async (tx) => {
    const [used] = await tx
      .select({ runs: count() })
      .from(bundleWorkflows)
      .innerJoin(bundles, eq(bundles.id, bundleWorkflows.bundleId))
      .where(and(eq(bundleWorkflows.workflowId, workflowId), isNull(bundles.deletedAt)));
    const runs = used?.runs ?? 0;
    if (runs > 0) {
      throw new AppError(
        'bad_input',
        `workflow_id: "${row.name}" is used by ${runs} run${runs === 1 ? '' : 's'}; delete those bundles first, or keep the workflow.`,
      );
    }
    const b = alias(bundles, 'b');
    await tx.execute(sql`delete from bundles b where b.deleted_at is not null and ${anyBundleOf(ownerId, b)}
      and exists (select 1 from bundle_workflows bw where bw.bundle_id = b.id and bw.workflow_id = ${workflowId})`);
    await tx.delete(workflows).where(and(eq(workflows.id, workflowId), ownWorkflowOf(ownerId)));
  });
}
