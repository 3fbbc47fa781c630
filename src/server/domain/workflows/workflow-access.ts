// Which workflow a request means, whether the user may use it, and whether this server can run it.
import { asc } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { workflows } from '../../db/schema';
import { AppError } from '../../leaves/app-error/app-error';
import { requireVisibleWorkflow } from '../../leaves/ownership/lookups';
import { isWorkflowAvailable, visibleTo, type WorkflowRow } from './workflows';

export type { WorkflowRow } from './workflows';

/**
 * A workflow the user may use: a seeded one or their own. Another user's answers exactly as a missing one
 * does (404 unknown_workflow), so ids reveal nothing.
 */
export async function findVisibleWorkflow(
  db: Queryable,
  ownerId: string,
  workflowId: number,
): Promise<WorkflowRow> {
  return requireVisibleWorkflow(db, ownerId, workflowId);
}

/** The named workflow, or without a name the first available one (the offline writer when there is no key). */
export async function resolveWorkflow(
  db: Queryable,
  ownerId: string,
  workflowId: number | undefined,
  hasApiKey: boolean,
): Promise<WorkflowRow> {
  if (workflowId !== undefined) {
    const workflow = await findVisibleWorkflow(db, ownerId, workflowId);
    if (!isWorkflowAvailable(workflow.model, hasApiKey)) {
      throw new AppError(
        'bad_input',
        `The workflow "${workflow.name}" needs an AI provider; set OPENAI_API_KEY on the server, or choose "Built-in writer (no AI)".`,
      );
    }
    return workflow;
  }
  const all = await db.select().from(workflows).where(visibleTo(ownerId)).orderBy(asc(workflows.id));
  const available = all.find((workflow) => isWorkflowAvailable(workflow.model, hasApiKey));
  if (!available) throw new AppError('server_error', 'No workflow is available on this server.');
  return available;
}
