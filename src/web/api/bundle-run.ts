// The view-bundle query: one run (bundle × workflow) with its products, polled every 5 seconds until every
// product is done or failed and no requested image is still compressing (SPEC §7, §9).
import { type QueryClient, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { BUNDLE_POLL_INTERVAL_MS } from '../../common/contract/constants';
import type { BundleWorkflowProduct } from '../../common/contract/entities';
import type { FunctionResponse } from '../../common/contract/functions';
import { hasPendingCompression } from '../../common/store-files/image-zip';
import { viewBundleErrorState } from './error-messages';
import { type InvokeError, type InvokeResult, invoke, invokeIfChanged } from './invoke';
import { InvokeFailure } from './invoke-failure';
import { queryKeys } from './query-keys';

/**
 * A run as the cache holds it: the server's answers merged (every page read so far, then every change a poll
 * brought), plus the ETag and the cursor of the last poll. The ETag lives in the data, not beside it, because
 * TanStack Query's structural sharing hands back a different object whenever the data changes, so anything
 * keyed on the object itself is lost exactly while a run is moving.
 */
export type BundleRun = FunctionResponse<'view-bundle-workflow'> & { etag?: string };

const isSettled = (product: Pick<BundleWorkflowProduct, 'status'>) =>
  product.status === 'done' || product.status === 'failed';

/** Every product done or failed: told by the whole run's totals, since the cache may hold only some pages. */
export function isRunComplete(
  run: Pick<BundleRun, 'products'> & {
    totals?: BundleRun['totals'];
    store_import?: BundleRun['store_import'];
  },
): boolean {
  // A bundle still being imported from a store has no products yet: nothing is complete.
  if (run.store_import?.state === 'queued' || run.store_import?.state === 'running') return false;
  if (run.totals) return run.totals.done + run.totals.failed === run.totals.total;
  return run.products.every(isSettled);
}

function isCompressingImages(run: Pick<BundleRun, 'products'>): boolean {
  return run.products.some((product) => hasPendingCompression(product.image_details ?? []));
}

// Known answers (not_created, unknown_bundle…) will not change by asking again; only network trouble, a
// failure on our side or the database away may.
const TRANSIENT: ReadonlySet<string> = new Set(['other', 'server_error', 'unavailable']);
const isTransient = (error: unknown) => error instanceof InvokeFailure && TRANSIENT.has(error.failure.type);

/** Products by id: an incoming product replaces a cached one unless the cached one is newer (a later version). */
export function mergeProducts(
  cached: readonly BundleWorkflowProduct[],
  incoming: readonly BundleWorkflowProduct[],
): BundleWorkflowProduct[] {
  if (incoming.length === 0) return cached as BundleWorkflowProduct[];
  const byId = new Map(cached.map((product) => [product.id, product]));
  let appended = false;
  for (const product of incoming) {
    const known = byId.get(product.id);
    if (!known) appended = true;
    if (!known || (known.version ?? 0) <= (product.version ?? 0)) byId.set(product.id, product);
  }
  const merged = [...byId.values()];
  if (appended) merged.sort((a, b) => a.id - b.id);
  return merged;
}

/** Pages after the first, read once the first is on screen; bigger than the first, so fewer round trips. */
export const REST_PAGE_SIZE = 2_000;
const loadingRest = new Set<string>();

/**
 * Reads the pages after the first into the cached run, one at a time, merging by id so that a poll's newer
 * product is never replaced by an older page. The run's ETag and cursor stay the poll's.
 */
async function loadRestOfRun(
  queryClient: QueryClient,
  key: readonly unknown[],
  request: { bundle_id: number; workflow_id: number },
  firstOffset: number,
): Promise<void> {
  const id = JSON.stringify(key);
  if (loadingRest.has(id)) return;
  loadingRest.add(id);
  try {
    for (let offset: number | null = firstOffset; offset !== null; ) {
      const result: InvokeResult<'view-bundle-workflow'> = await invoke('view-bundle-workflow', {
        ...request,
        offset,
        limit: REST_PAGE_SIZE,
      });
      if (result.error) return;
      const page: BundleRun = result.data;
      queryClient.setQueryData<BundleRun>(key, (run) =>
        run ? { ...run, products: mergeProducts(run.products, page.products) } : run,
      );
      offset = page.next_offset;
    }
  } finally {
    loadingRest.delete(id);
  }
}

/**
 * The view-bundle query. The first read takes the first page and reads the rest behind it; every poll after
 * that asks only for what changed since the last answer's cursor, with If-None-Match, so an unchanged run is a
 * bodiless 304 and a moving one sends just its changed products, merged into the cache by id.
 */
export function bundleRunQuery(queryClient: QueryClient, bundleId: number | null, workflowId: number | null) {
  const key = queryKeys.bundleRun(bundleId ?? 0, workflowId ?? 0);
  return queryOptions({
    queryKey: key,
    enabled: bundleId !== null && workflowId !== null,
    queryFn: async ({ signal }): Promise<BundleRun> => {
      const cached = queryClient.getQueryData<BundleRun>(key);
      const request = { bundle_id: bundleId!, workflow_id: workflowId! };
      const result = await invokeIfChanged(
        'view-bundle-workflow',
        cached ? { ...request, since: cached.cursor } : request,
        cached?.etag,
        { signal },
      );
      if ('notModified' in result) return cached!;
      if (result.error) throw failed(result.error);
      let run: BundleRun;
      if (!cached) {
        run = { ...result.data, etag: result.etag };
      } else if (!result.data.has_more) {
        run = {
          ...result.data,
          products: mergeProducts(cached.products, result.data.products),
          etag: result.etag,
        };
      } else {
        // More changed than one answer holds: read the run again from its first page.
        const again = await invokeIfChanged('view-bundle-workflow', request, undefined, { signal });
        if ('notModified' in again) throw failed({ type: 'other', message: 'The run could not be read.' });
        if (again.error) throw failed(again.error);
        run = {
          ...again.data,
          products: mergeProducts(cached.products, again.data.products),
          etag: again.etag,
        };
      }
      if (run.next_offset !== null) void loadRestOfRun(queryClient, key, request, run.next_offset);
      // The navigation shows each bundle's progress: refresh it when this run settles.
      if (isRunComplete(run) && (!cached || !isRunComplete(cached))) {
        void queryClient.invalidateQueries({ queryKey: queryKeys.bundles() });
      }
      return run;
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

function failed(error: InvokeError): InvokeFailure {
  // SPEC §4: errors without a screen of their own are only logged.
  if (viewBundleErrorState(error.type).kind === 'logged') {
    console.error('Could not load the bundle:', error.message, error.detail ?? '');
  }
  return new InvokeFailure(error);
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
