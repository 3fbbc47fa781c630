// The view-bundle query: one run (bundle × workflow) with its products, polled every 5 seconds until every
// product is done or failed and no requested image is still compressing (SPEC §7, §9).
import { type QueryClient, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { BUNDLE_POLL_INTERVAL_MS } from '../../common/constants';
import type { BundleWorkflowProduct } from '../../common/entities';
import type { FunctionResponse } from '../../common/functions';
import { hasPendingCompression } from '../../common/image-zip';
import { viewBundleErrorState } from '../api/error-messages';
import { invokeIfChanged } from '../api/invoke';
import { InvokeFailure } from '../api/invoke-failure';
import { queryKeys } from '../api/query-keys';

/**
 * A run as the cache holds it: the server's answer plus the ETag it came with. The ETag lives in the data,
 * not beside it, because TanStack Query's structural sharing hands back a different object whenever the
 * data changes, so anything keyed on the object itself is lost exactly while a run is moving.
 */
export type BundleRun = FunctionResponse<'view-bundle-workflow'> & { etag?: string };

const isSettled = (product: Pick<BundleWorkflowProduct, 'status'>) =>
  product.status === 'done' || product.status === 'failed';

export function isRunComplete(run: Pick<BundleRun, 'products'>): boolean {
  return run.products.every(isSettled);
}

function isCompressingImages(run: Pick<BundleRun, 'products'>): boolean {
  return run.products.some((product) => hasPendingCompression(product.image_details ?? []));
}

// Known answers (not_created, unknown_bundle…) will not change by asking again; only network trouble may.
const isTransient = (error: unknown) =>
  error instanceof InvokeFailure && (error.failure.type === 'other' || error.failure.type === 'server_error');

/** The view-bundle query, polling with If-None-Match so that an unchanged run is a bodiless 304. */
export function bundleRunQuery(queryClient: QueryClient, bundleId: number | null, workflowId: number | null) {
  const key = queryKeys.bundleRun(bundleId ?? 0, workflowId ?? 0);
  return queryOptions({
    queryKey: key,
    enabled: bundleId !== null && workflowId !== null,
    queryFn: async ({ signal }): Promise<BundleRun> => {
      const cached = queryClient.getQueryData<BundleRun>(key);
      const result = await invokeIfChanged(
        'view-bundle-workflow',
        { bundle_id: bundleId!, workflow_id: workflowId! },
        cached?.etag,
        { signal },
      );
      if ('notModified' in result) return cached!;
      if (result.error) {
        // SPEC §4: errors without a screen of their own are only logged.
        if (viewBundleErrorState(result.error.type).kind === 'logged') {
          console.error('Could not load the bundle:', result.error.message, result.error.detail ?? '');
        }
        throw new InvokeFailure(result.error);
      }
      // The navigation shows each bundle's progress: refresh it when this run settles.
      if (isRunComplete(result.data) && (!cached || !isRunComplete(cached))) {
        void queryClient.invalidateQueries({ queryKey: queryKeys.bundles() });
      }
      return { ...result.data, etag: result.etag };
    },
    retry: (failureCount, error) => isTransient(error) && failureCount < 2,
    refetchInterval: (query) => {
      const { data, error } = query.state;
      // Images are compressed on request, apart from the copy: a settled run keeps polling while they are.
      if (data) return isRunComplete(data) && !isCompressingImages(data) ? false : BUNDLE_POLL_INTERVAL_MS;
      return error && !isTransient(error) ? false : BUNDLE_POLL_INTERVAL_MS;
    },
  });
}

export function useBundleRun(bundleId: number | null, workflowId: number | null) {
  return useQuery(bundleRunQuery(useQueryClient(), bundleId, workflowId));
}

/** Puts one edited product into the cached run, so that only its row renders again. */
export function replaceCachedProduct(
  queryClient: QueryClient,
  bundleId: number,
  workflowId: number,
  product: BundleWorkflowProduct,
): void {
  queryClient.setQueryData<BundleRun>(queryKeys.bundleRun(bundleId, workflowId), (run) =>
    run ? { ...run, products: run.products.map((item) => (item.id === product.id ? product : item)) } : run,
  );
}
