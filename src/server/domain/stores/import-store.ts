// import-store: the request proves the store with one cheap read (how many products it holds),
// refuses a catalogue over the limit of a bundle when the store says so, and writes the bundle, its empty run
// and the import in one transaction with the import-store job that reads the catalogue (run-import.ts). The
// answer is new-bundle's; the run is filled when the job has read everything, and until then
// view-bundle-workflow shows the import's progress (`store_import`) and no run can start on the bundle.
import { BUNDLE_LIMITS } from '../../../common/contract/constants';
import type { ParsedFunctionRequest } from '../../../common/contract/functions';
import type { Database } from '../../db/client';
import { bundles, bundleWorkflows, storeImports } from '../../db/schema';
import { AppError } from '../../leaves/app-error/app-error';
import type { Membership } from '../../leaves/ownership/membership';
import { queueImport } from '../../leaves/queue/import-jobs';
import { givenLanguageColumns } from '../bundles/bundle-language';
import type { CreatedBundle } from '../bundles/create-bundle';
import { resolveWorkflow } from '../workflows/workflow-access';
import { openOwnedStore } from './owned-stores';
import { PLATFORMS } from './platforms';
import { tooManyProducts } from './pulled-catalogue';
import type { StoreAccess } from './store-access';
import { asBadInput, storeClient } from './store-connection';

export async function importStore(
  db: Database,
  member: Membership,
  input: ParsedFunctionRequest<'import-store'>,
  access: StoreAccess,
  hasApiKey: boolean,
): Promise<CreatedBundle> {
  const ownerId = member.workspaceId;
  const store = await openOwnedStore(db, ownerId, input.store_id, access);
  let total: number | null;
  try {
    total = await storeClient(store, access, db).countProducts();
  } catch (error) {
    throw asBadInput(error, PLATFORMS[store.platform].label);
  }
  if (total !== null && total > BUNDLE_LIMITS.maxProducts) {
    throw new AppError('bad_input', tooManyProducts(BUNDLE_LIMITS.maxProducts));
  }
  const workflow = await resolveWorkflow(db, ownerId, input.workflow_id, hasApiKey);
  return db.transaction(async (tx) => {
    const [bundle] = await tx
      .insert(bundles)
      .values({
        ownerId,
        name: input.bundle_name,
        columns: [],
        customFields: input.custom_fields ?? {
          keywords: '',
          url_template: '',
          business_type: '',
          tone_of_voice: '',
        },
        fillEmptyOnly: input.fill_empty_only ?? false,
        ...givenLanguageColumns(input.language),
      })
      .returning({ id: bundles.id });
    const [run] = await tx
      .insert(bundleWorkflows)
      .values({ bundleId: bundle!.id, workflowId: workflow.id, startedBy: member.userId })
      .returning({ id: bundleWorkflows.id });
    const [created] = await tx
      .insert(storeImports)
      .values({
        ownerId,
        bundleId: bundle!.id,
        bundleWorkflowId: run!.id,
        storeId: store.id,
        productsTotal: total,
      })
      .returning({ id: storeImports.id });
    await queueImport(tx, { importId: created!.id, storeId: store.id });
    return { bundle_id: bundle!.id, workflow_id: workflow.id, bundle_workflow_id: run!.id };
  });
}
