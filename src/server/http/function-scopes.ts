// Which API key scope each function needs. null: only a signed-in person may call it (managing
// API keys, and the job loop, which runs everyone's queue). A new function must be placed here.
import type { ApiKeyScope, FunctionName } from '../../common/contract/functions';

export const FUNCTION_SCOPES: Record<FunctionName, ApiKeyScope | null> = {
  'list-workflows': 'read',
  'list-models': 'read',
  'list-bundles': 'read',
  'estimate-cost': 'read',
  'view-bundle-workflow': 'read',
  'view-bundle-log': 'read',
  'view-compressed-image': 'read',
  'export-bundle': 'read',
  'check-export': 'read',
  'view-product-history': 'read',
  'new-workflow': 'write',
  'update-workflow': 'write',
  'delete-workflow': 'write',
  'new-bundle': 'write',
  'set-spending-cap': 'write',
  'delete-bundle': 'write',
  'update-product-copy': 'write',
  'set-product-review': 'write',
  'set-locked-fields': 'write',
  'restore-product-version': 'write',
  'set-photo-fact': 'write',
  'new-bundle-workflow': 'run',
  'start-trial': 'run',
  'view-trial': 'read',
  'list-trials': 'read',
  'regenerate-products': 'run',
  'compress-images': 'run',
  'job-queue-event-loop': null,
  'create-api-key': null,
  'list-api-keys': null,
  'revoke-api-key': null,
  // An integration registers where its events go; a key cannot read another endpoint's secret.
  'create-webhook': 'write',
  'list-webhooks': 'read',
  'delete-webhook': 'write',
  'test-webhook': 'write',
  'set-bundle-currency': 'write',
  'import-search-data': 'write',
  'set-ctr-curve': 'write',
  'view-search-priorities': 'read',
  'view-search-report': 'read',
  'view-spend': 'read',
  // Store credentials are given and taken back by a signed-in person only.
  'connect-store': null,
  'disconnect-store': null,
  'list-stores': 'read',
  'import-store': 'write',
  'preview-push': 'read',
  'view-push': 'read',
  'push-to-store': 'push',
  'undo-push': 'push',
};

/** Functions that take an Idempotency-Key header: the same key and body within 24 h answer as the first. */
export const IDEMPOTENT_FUNCTIONS: ReadonlySet<FunctionName> = new Set([
  'new-bundle',
  'import-store',
  'push-to-store',
]);
