// Every query key the web app uses, in one place, so that a refresh names exactly what it reads. TanStack
// Query hashes each key itself (a stable JSON of it), so a key may hold a whole request.
import type { FunctionRequest } from '../../common/contract/functions';

export const queryKeys = {
  bundles: () => ['bundles'] as const,
  workflows: () => ['workflows'] as const,
  apiKeys: () => ['api-keys'] as const,
  webhooks: () => ['webhooks'] as const,
  stores: () => ['stores'] as const,
  push: (pushId: number) => ['push', pushId] as const,
  /** Every cached run of a bundle, whatever the workflow (for removing a deleted bundle's runs). */
  bundleRuns: (bundleId: number) => ['bundle-run', bundleId] as const,
  bundleRun: (bundleId: number, workflowId: number) => ['bundle-run', bundleId, workflowId] as const,
  productLog: (bundleWorkflowId: number, productId: number) =>
    ['bundle-log', bundleWorkflowId, productId] as const,
  costEstimate: (request: FunctionRequest<'estimate-cost'>) => ['estimate-cost', request] as const,
  trial: (trialId: number) => ['trial', trialId] as const,
  trials: (bundleId: number) => ['trials', bundleId] as const,
  /** The person's workspaces, with their role in each. */
  workspaces: () => ['workspaces'] as const,
  /** The members and pending invitations of the workspace the app works in. */
  members: () => ['members'] as const,
  auditEvents: () => ['audit-events'] as const,
};
