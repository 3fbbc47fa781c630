// Which workflow a request means, and whether this server can run it.
import { asc, eq } from 'drizzle-orm';
import { AppError } from '../app-error';
import type { Queryable } from '../db/client';
import { workflows } from '../db/schema';
import { isWorkflowAvailable } from './workflows';

export type WorkflowRow = typeof workflows.$inferSelect;

/** The named workflow, or without a name the first available one (the offline writer when there is no key). */
export async function resolveWorkflow(
  db: Queryable,
  workflowId: number | undefined,
  hasApiKey: boolean,
): Promise<WorkflowRow> {
  if (workflowId !== undefined) {
    const [workflow] = await db.select().from(workflows).where(eq(workflows.id, workflowId));
    if (!workflow) throw new AppError('unknown_workflow', `There is no workflow ${workflowId}.`);
    if (!isWorkflowAvailable(workflow.model, hasApiKey)) {
      throw new AppError(
        'bad_input',
        `The workflow "${workflow.name}" needs an AI provider; set OPENAI_API_KEY on the server, or choose "Built-in writer (no AI)".`,
      );
    }
    return workflow;
  }
  const all = await db.select().from(workflows).orderBy(asc(workflows.id));
  const available = all.find((workflow) => isWorkflowAvailable(workflow.model, hasApiKey));
  if (!available) throw new AppError('server_error', 'No workflow is available on this server.');
  return available;
}
