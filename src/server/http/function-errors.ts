// Which error types each function can answer, for the API document: the route's own (ROUTE_ERRORS) and the
// ones its handler's domain code throws (read from the AppErrors each handler reaches: the ownership lookups,
// owned-stores, the run query, the job-loop share, the idempotency store). A new function must be placed here.
import type { FunctionErrorType } from '../../common/contract/errors';
import type { FunctionName } from '../../common/contract/functions';

/**
 * What the route answers for any function: no or a bad credential (401), a key without the scope (403), a
 * body the contract refuses (400), past the size limit (413), a key past its rate (429), the database away
 * (503), a bug (500).
 */
export const ROUTE_ERRORS = [
  'bad_input',
  'unauthorized',
  'forbidden',
  // The X-Workspace-Id header names a workspace the caller is not a member of.
  'unknown_workspace',
  'too_large',
  'rate_limited',
  'unavailable',
  'server_error',
] as const satisfies readonly FunctionErrorType[];

/** An Idempotency-Key sent again with another body, or while the first call is still running. */
const IDEMPOTENT: FunctionErrorType[] = ['conflict'];

export const FUNCTION_ERRORS: Record<FunctionName, readonly FunctionErrorType[]> = {
  'list-workflows': [],
  'list-models': [],
  'list-bundles': [],
  'estimate-cost': ['unknown_bundle', 'unknown_workflow'],
  'view-bundle-workflow': ['unknown_bundle', 'unknown_workflow', 'not_created'],
  'view-bundle-log': ['unknown_bundle'],
  'view-compressed-image': ['unknown_bundle', 'not_created'],
  'export-bundle': ['unknown_bundle'],
  'check-export': ['unknown_bundle'],
  'view-product-history': ['unknown_bundle'],
  'new-workflow': [],
  'update-workflow': ['unknown_workflow'],
  'delete-workflow': ['unknown_workflow'],
  'new-bundle': ['unknown_workflow', ...IDEMPOTENT],
  'set-spending-cap': ['unknown_bundle'],
  'delete-bundle': ['unknown_bundle'],
  // A save whose expected_updated_at is older than the product: 409.
  'update-product-copy': ['unknown_bundle', 'conflict'],
  'set-product-review': ['unknown_bundle'],
  'set-locked-fields': ['unknown_bundle'],
  'restore-product-version': ['unknown_bundle'],
  // A fact the photo does not have: 400 naming `name`.
  'set-photo-fact': ['unknown_bundle'],
  'new-bundle-workflow': ['unknown_bundle', 'unknown_workflow'],
  'start-trial': ['unknown_bundle', 'unknown_workflow'],
  'view-trial': ['unknown_bundle'],
  'list-trials': ['unknown_bundle'],
  'regenerate-products': ['unknown_bundle'],
  'compress-images': ['unknown_bundle'],
  // One job loop per user at a time.
  'job-queue-event-loop': ['already_running'],
  'create-api-key': [],
  'list-api-keys': [],
  'revoke-api-key': [],
  'create-webhook': [],
  'list-webhooks': [],
  'delete-webhook': [],
  'test-webhook': [],
  'set-bundle-currency': ['unknown_bundle'],
  'import-search-data': ['unknown_bundle'],
  'set-ctr-curve': ['unknown_bundle'],
  'view-search-priorities': ['unknown_bundle'],
  'view-search-report': ['unknown_bundle'],
  'view-spend': [],
  'connect-store': [],
  'disconnect-store': ['unknown_store'],
  'list-stores': [],
  'import-store': ['unknown_store', 'unknown_workflow', ...IDEMPOTENT],
  'preview-push': ['unknown_bundle', 'unknown_store'],
  // A push names an unknown store (or an unknown push, for undo-push and view-push) with unknown_store.
  'view-push': ['unknown_store'],
  'push-to-store': ['unknown_bundle', 'unknown_store', ...IDEMPOTENT],
  // An undo of a push still running.
  'undo-push': ['unknown_store', 'conflict'],
  'list-workspaces': [],
  'new-workspace': [],
  'set-workspace-settings': [],
  'list-members': [],
  'invite-member': [],
  'accept-invite': [],
  'set-member': [],
  'remove-member': [],
  'list-audit-events': [],
};

/** Every error type `name` can answer: the route's and its own, each once. */
export function errorTypesOf(name: FunctionName): FunctionErrorType[] {
  return [...new Set<FunctionErrorType>([...ROUTE_ERRORS, ...FUNCTION_ERRORS[name]])];
}
