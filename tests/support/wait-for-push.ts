// A push followed to its end through view-push, as a client polls it.
import type { FunctionResponse } from '../../src/common/contract/functions';
import type { TestAppFixture } from './test-app';
import { waitUntil } from './wait-until';

/** The push's view once it is done or failed. */
export function waitForPush(
  t: Pick<TestAppFixture, 'call'>,
  pushId: number,
  { timeoutMs = 60_000, intervalMs = 100 }: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<FunctionResponse<'view-push'>> {
  return waitUntil(
    `push ${pushId} to finish`,
    async () => {
      const view = (await t.call('view-push', { push_id: pushId })).data;
      return view.state === 'done' || view.state === 'failed' ? view : null;
    },
    { timeoutMs, intervalMs },
  );
}
