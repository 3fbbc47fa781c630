// The workflows every installation has (SPEC §3 models, plus the offline writer), kept in step at boot.
import { sql } from 'drizzle-orm';
import type { Workflow } from '../../common/entities';
import { OFFLINE_MODEL } from '../ai/offline-writer';
import type { Queryable } from '../db/client';
import { type PromptTemplates, workflows } from '../db/schema';
import { DEFAULT_PROMPT_TEMPLATES } from '../generation/prompt-templates';

/** Ids are fixed so that links such as /view-bundle/1/4 mean the same thing on every installation. */
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

export async function listWorkflows(db: Queryable, hasApiKey: boolean): Promise<Workflow[]> {
  const rows = await db.select().from(workflows).orderBy(workflows.id);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    model: row.model,
    is_available: isWorkflowAvailable(row.model, hasApiKey),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  }));
}
