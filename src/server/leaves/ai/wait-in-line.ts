// The waiting line behind the concurrency limit and the rate controller. Both hand out turns in arrival order,
// and both must let a caller that gives up (its signal aborts) leave the line without holding up the others.

export type Waiter = { start: () => void; cancel: (reason: unknown) => void };

/**
 * Joins `line` and resolves when the owner calls the waiter's `start` (after `onStart`, if given). Aborting
 * `signal` first removes the waiter from the line and rejects with the signal's reason.
 */
export function waitInLine(line: Waiter[], signal?: AbortSignal, onStart?: () => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const onAbort = () => waiter.cancel(signal?.reason);
    const waiter: Waiter = {
      start: () => {
        signal?.removeEventListener('abort', onAbort);
        onStart?.();
        resolve();
      },
      cancel: (reason) => {
        const index = line.indexOf(waiter);
        if (index !== -1) line.splice(index, 1);
        reject(reason);
      },
    };
    line.push(waiter);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
