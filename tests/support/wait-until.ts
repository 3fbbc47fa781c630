// Polling for a condition, so tests wait for what they need rather than for a guessed number of milliseconds.

export type WaitOptions = {
  timeoutMs?: number;
  intervalMs?: number;
  /** What the timeout's message adds: where things stood when the wait gave up. */
  describe?: () => Promise<string>;
};

/** Polls `check` until it returns something truthy, and returns that; throws naming `what` after `timeoutMs`. */
export async function waitUntil<T>(
  what: string,
  check: () => Promise<T> | T,
  { timeoutMs = 10_000, intervalMs = 50, describe }: WaitOptions = {},
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const result = await check();
    if (result) return result as NonNullable<T>;
    if (Date.now() > deadline) {
      const state = describe ? `\n${await describe()}` : '';
      throw new Error(`Timed out after ${timeoutMs} ms waiting until ${what}.${state}`);
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
