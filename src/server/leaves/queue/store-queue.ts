// The named queue of a connected store's jobs (push-to-store, import-store): a named queue runs one job at a
// time in every worker process together, so one store has at most one job in flight, and a slow or throttling
// store holds at most one slot of the store pool (runner/worker-pools.ts). A push and an import of the same
// store also never interleave their requests against its rate limit.
export function storeQueueName(storeId: number): string {
  return `stores:${storeId}`;
}
