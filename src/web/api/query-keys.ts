// Every query key the web app uses, in one place, so that a refresh names exactly what it reads. Keys hold
// small identifiers only: TanStack Query hashes a key on every render, so a product list in a key would be
// serialised again and again; a request that carries one is keyed by a fingerprint of it instead.
import type { FunctionRequest } from '../../common/functions';

export const queryKeys = {
  bundles: () => ['bundles'] as const,
  workflows: () => ['workflows'] as const,
  stores: () => ['stores'] as const,
  push: (pushId: number) => ['push', pushId] as const,
  /** Every cached run of a bundle, whatever the workflow (for removing a deleted bundle's runs). */
  bundleRuns: (bundleId: number) => ['bundle-run', bundleId] as const,
  bundleRun: (bundleId: number, workflowId: number) => ['bundle-run', bundleId, workflowId] as const,
  productLog: (bundleWorkflowId: number, productId: number) =>
    ['bundle-log', bundleWorkflowId, productId] as const,
  costEstimate: (request: FunctionRequest<'estimate-cost'>) => {
    const text = JSON.stringify(request);
    return ['estimate-cost', text.length, fingerprint(text)] as const;
  },
};

/** cyrb53: a fast 53-bit string hash. With the length beside it, two requests sharing a key is not a worry. */
function fingerprint(text: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}
