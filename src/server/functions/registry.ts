// Every server function by name. Each handler is thin: the route has already checked the session
// and validated the body; the handler calls one domain function and returns the response shape.
import type { FunctionName } from '../../common/contract/functions';
import { acceptInviteFunction } from './accept-invite';
import { checkExportFunction } from './check-export';
import { compressImagesFunction } from './compress-images';
import { connectStoreFunction } from './connect-store';
import { createApiKeyFunction } from './create-api-key';
import { createWebhookFunction } from './create-webhook';
import { deleteBundleFunction } from './delete-bundle';
import { deleteWebhookFunction } from './delete-webhook';
import { deleteWorkflowFunction } from './delete-workflow';
import { disconnectStoreFunction } from './disconnect-store';
import { estimateCostFunction } from './estimate-cost';
import { exportBundleFunction } from './export-bundle';
import { importSearchDataFunction } from './import-search-data';
import { importStoreFunction } from './import-store';
import { inviteMemberFunction } from './invite-member';
import { jobQueueEventLoopFunction } from './job-queue-event-loop';
import { listApiKeysFunction } from './list-api-keys';
import { listAuditEventsFunction } from './list-audit-events';
import { listBundlesFunction } from './list-bundles';
import { listMembersFunction } from './list-members';
import { listModelsFunction } from './list-models';
import { listStoresFunction } from './list-stores';
import { listTrialsFunction } from './list-trials';
import { listWebhooksFunction } from './list-webhooks';
import { listWorkflowsFunction } from './list-workflows';
import { listWorkspacesFunction } from './list-workspaces';
import { newBundleFunction } from './new-bundle';
import { newBundleWorkflowFunction } from './new-bundle-workflow';
import { newWorkflowFunction } from './new-workflow';
import { newWorkspaceFunction } from './new-workspace';
import { previewPushFunction } from './preview-push';
import { pushToStoreFunction } from './push-to-store';
import { regenerateProductsFunction } from './regenerate-products';
import { removeMemberFunction } from './remove-member';
import { restoreProductVersionFunction } from './restore-product-version';
import { revokeApiKeyFunction } from './revoke-api-key';
import { setBundleCurrencyFunction } from './set-bundle-currency';
import { setCtrCurveFunction } from './set-ctr-curve';
import { setLockedFieldsFunction } from './set-locked-fields';
import { setMemberFunction } from './set-member';
import { setPhotoFactFunction } from './set-photo-fact';
import { setProductReviewFunction } from './set-product-review';
import { setSpendingCapFunction } from './set-spending-cap';
import { setWorkspaceSettingsFunction } from './set-workspace-settings';
import { startTrialFunction } from './start-trial';
import { testWebhookFunction } from './test-webhook';
import type { FunctionHandler } from './types';
import { undoPushFunction } from './undo-push';
import { updateProductCopyFunction } from './update-product-copy';
import { updateWorkflowFunction } from './update-workflow';
import { viewBundleLogFunction } from './view-bundle-log';
import { viewBundleWorkflowFunction } from './view-bundle-workflow';
import { viewCompressedImageFunction } from './view-compressed-image';
import { viewProductHistoryFunction } from './view-product-history';
import { viewPushFunction } from './view-push';
import { viewSearchPrioritiesFunction } from './view-search-priorities';
import { viewSearchReportFunction } from './view-search-report';
import { viewSpendFunction } from './view-spend';
import { viewTrialFunction } from './view-trial';

export type FunctionRegistry = { [N in FunctionName]: FunctionHandler<N> };

export const functionRegistry: FunctionRegistry = {
  'list-workflows': listWorkflowsFunction,
  'new-workflow': newWorkflowFunction,
  'update-workflow': updateWorkflowFunction,
  'delete-workflow': deleteWorkflowFunction,
  'list-models': listModelsFunction,
  'list-bundles': listBundlesFunction,
  'view-spend': viewSpendFunction,
  'new-bundle': newBundleFunction,
  'view-bundle-workflow': viewBundleWorkflowFunction,
  'new-bundle-workflow': newBundleWorkflowFunction,
  'view-bundle-log': viewBundleLogFunction,
  'job-queue-event-loop': jobQueueEventLoopFunction,
  'update-product-copy': updateProductCopyFunction,
  'regenerate-products': regenerateProductsFunction,
  'delete-bundle': deleteBundleFunction,
  'compress-images': compressImagesFunction,
  'view-compressed-image': viewCompressedImageFunction,
  'estimate-cost': estimateCostFunction,
  'set-spending-cap': setSpendingCapFunction,
  'set-bundle-currency': setBundleCurrencyFunction,
  'export-bundle': exportBundleFunction,
  'check-export': checkExportFunction,
  'set-product-review': setProductReviewFunction,
  'set-locked-fields': setLockedFieldsFunction,
  'view-product-history': viewProductHistoryFunction,
  'restore-product-version': restoreProductVersionFunction,
  'set-photo-fact': setPhotoFactFunction,
  'import-search-data': importSearchDataFunction,
  'view-search-priorities': viewSearchPrioritiesFunction,
  'view-search-report': viewSearchReportFunction,
  'set-ctr-curve': setCtrCurveFunction,
  'create-api-key': createApiKeyFunction,
  'list-api-keys': listApiKeysFunction,
  'revoke-api-key': revokeApiKeyFunction,
  'create-webhook': createWebhookFunction,
  'list-webhooks': listWebhooksFunction,
  'delete-webhook': deleteWebhookFunction,
  'test-webhook': testWebhookFunction,
  'connect-store': connectStoreFunction,
  'list-stores': listStoresFunction,
  'disconnect-store': disconnectStoreFunction,
  'import-store': importStoreFunction,
  'preview-push': previewPushFunction,
  'push-to-store': pushToStoreFunction,
  'view-push': viewPushFunction,
  'undo-push': undoPushFunction,
  'start-trial': startTrialFunction,
  'view-trial': viewTrialFunction,
  'list-trials': listTrialsFunction,
  'list-workspaces': listWorkspacesFunction,
  'new-workspace': newWorkspaceFunction,
  'set-workspace-settings': setWorkspaceSettingsFunction,
  'list-members': listMembersFunction,
  'invite-member': inviteMemberFunction,
  'accept-invite': acceptInviteFunction,
  'set-member': setMemberFunction,
  'remove-member': removeMemberFunction,
  'list-audit-events': listAuditEventsFunction,
};
