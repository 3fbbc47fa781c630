// The workflows every installation has (SPEC §3 models, two current OpenAI models, and the offline writer), kept
// in step at boot, and how any workflow, seeded or a user's own, is shown.
import { asc, sql } from 'drizzle-orm';
import type { Workflow } from '../../../common/contract/entities';
import type { Queryable } from '../../db/client';
import { type PromptTemplates, workflows } from '../../db/schema';
import { OFFLINE_MODEL } from '../../leaves/ai/offline-writer';
import { cachedInputPrice, effectivePrice, ownPriceOf } from '../../leaves/ai/pricing';
import { workflowVisibleTo } from '../../leaves/ownership/conditions';
import { DEFAULT_PROMPT_TEMPLATES } from '../generation/prompt-templates';

export type WorkflowRow = typeof workflows.$inferSelect;

/** Ids are fixed (below 1000, where users' own never go) so that /view-bundle/1/4 means the same everywhere. */
export const SEEDED_WORKFLOWS: {
  id: number;
  name: string;
  model: string;
  promptTemplates: PromptTemplates;
}[] = [
  {
    id: 1,
    name: 'SEO copy (gpt-3.5-turbo)',
    model: 'gpt-3.5-turbo',
    promptTemplates: DEFAULT_PROMPT_TEMPLATES,
  },
  { id: 2, name: 'SEO copy (gpt-4)', model: 'gpt-4', promptTemplates: DEFAULT_PROMPT_TEMPLATES },
  {
    id: 3,
    name: 'SEO copy (gpt-4-1106-preview)',
    model: 'gpt-4-1106-preview',
    promptTemplates: DEFAULT_PROMPT_TEMPLATES,
  },
  { id: 4, name: 'Built-in writer (no AI)', model: OFFLINE_MODEL, promptTemplates: DEFAULT_PROMPT_TEMPLATES },
  { id: 5, name: 'SEO copy (gpt-4o-mini)', model: 'gpt-4o-mini', promptTemplates: DEFAULT_PROMPT_TEMPLATES },
  {
    id: 6,
    name: 'SEO copy (gpt-4.1-mini)',
    model: 'gpt-4.1-mini',
    promptTemplates: DEFAULT_PROMPT_TEMPLATES,
  },
];

export async function seedWorkflows(db: Queryable): Promise<void> {
  await db
    .insert(workflows)
    .values(SEEDED_WORKFLOWS)
    .onConflictDoUpdate({
      target: workflows.id,
      set: {
        name: sql`excluded.name`,
        model: sql`excluded.model`,
        promptTemplates: sql`excluded.prompt_templates`,
      },
      setWhere: sql`(${workflows.name}, ${workflows.model}, ${workflows.promptTemplates}) is distinct from (excluded.name, excluded.model, excluded.prompt_templates)`,
    });
}

export function isWorkflowAvailable(model: string, hasApiKey: boolean): boolean {
  return model === OFFLINE_MODEL || hasApiKey;
}

/** The seeded workflows (no owner) and the user's own: the only ones a user may see, run or estimate. */
export const visibleTo = workflowVisibleTo;

export function toWorkflowEntity(row: WorkflowRow, hasApiKey: boolean): Workflow {
  const own = ownPriceOf(row);
  const effective = effectivePrice(row.model, own);
  return {
    id: row.id,
    name: row.name,
    model: row.model,
    is_available: isWorkflowAvailable(row.model, hasApiKey),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    is_own: row.ownerId !== null,
    language: row.language,
    languages: row.language ? [row.language, ...row.moreLanguages] : [],
    banned_phrases: row.bannedPhrases,
    protected_terms: row.protectedTerms,
    voice_notes: row.voiceNotes,
    temperature: row.temperature,
    max_output_tokens: row.maxOutputTokens,
    price: own
      ? {
          input_per_million: own.inputPerMillion,
          output_per_million: own.outputPerMillion,
          ...(own.cachedInputPerMillion !== undefined
            ? { cached_input_per_million: own.cachedInputPerMillion }
            : {}),
        }
      : null,
    effective_price: effective
      ? {
          input_per_million: effective.inputPerMillion,
          output_per_million: effective.outputPerMillion,
          cached_input_per_million: cachedInputPrice(effective),
          source: effective.source,
        }
      : null,
    batch: row.batch,
    batch_repairs: row.batchRepairs,
    sees_images: row.seesImages,
    image_detail: row.imageDetail,
    max_images: row.maxImages,
  };
}

/** The seeded workflows, then the user's own, oldest first. */
export async function listWorkflows(db: Queryable, ownerId: string, hasApiKey: boolean): Promise<Workflow[]> {
  const rows = await db.select().from(workflows).where(visibleTo(ownerId)).orderBy(asc(workflows.id));
  return rows.map((row) => toWorkflowEntity(row, hasApiKey));
}
