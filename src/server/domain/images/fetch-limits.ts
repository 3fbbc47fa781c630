// Limits on image fetches that keep one user's slow hosts from stalling the others:
// - per host: at most `perHost` fetches to one host at once in this process; a job over the limit is put
//   back for later (the runner re-queues it) instead of holding a worker slot while it waits;
// - a host that timed out twice in a row is skipped for the rest of that compress request: each of its
//   remaining images fails at once with "skipped: host x timed out twice", instead of 20 s each.
// The per-user limit is graphile-worker's job queues (queue/image-jobs.ts, IMAGE_FETCHES_PER_USER), which
// hold across processes. These counts live in this process: with several workers, each must see two
// timeouts itself before it skips a host.

export type FetchLimits = {
  /** A release function when a slot to `host` is free, else undefined (try later). */
  tryAcquire: (host: string) => (() => void) | undefined;
  /** The reason to record when `host` is skipped for this request, else undefined. */
  skipReason: (requestId: string, host: string) => string | undefined;
  /** What the fetch came to: a timeout counts towards skipping; anything else resets the count. */
  recordOutcome: (requestId: string, host: string, timedOut: boolean) => void;
};

export const DEFAULT_FETCHES_PER_HOST = 4;
/** Timeouts in a row after which a host is skipped for the rest of the request. */
export const HOST_TIMEOUTS_TO_SKIP = 2;
/** Request/host pairs remembered; the oldest are forgotten past this (a forgotten host is tried again). */
const REMEMBERED_PAIRS = 10_000;

export function createFetchLimits(perHost = DEFAULT_FETCHES_PER_HOST): FetchLimits {
  const inFlight = new Map<string, number>();
  const timeoutsInARow = new Map<string, number>();
  const key = (requestId: string, host: string) => `${requestId}\n${host}`;
  return {
    tryAcquire(host) {
      const current = inFlight.get(host) ?? 0;
      if (current >= perHost) return undefined;
      inFlight.set(host, current + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const left = (inFlight.get(host) ?? 1) - 1;
        if (left <= 0) inFlight.delete(host);
        else inFlight.set(host, left);
      };
    },
    skipReason(requestId, host) {
      const count = timeoutsInARow.get(key(requestId, host)) ?? 0;
      return count >= HOST_TIMEOUTS_TO_SKIP ? `skipped: host ${host} timed out twice` : undefined;
    },
    recordOutcome(requestId, host, timedOut) {
      const k = key(requestId, host);
      const before = timeoutsInARow.get(k) ?? 0;
      timeoutsInARow.delete(k);
      if (!timedOut) return;
      // Re-inserted, so the map's order is oldest-first and trimming forgets the stalest pair.
      timeoutsInARow.set(k, before + 1);
      if (timeoutsInARow.size > REMEMBERED_PAIRS) {
        const oldest = timeoutsInARow.keys().next().value;
        if (oldest !== undefined) timeoutsInARow.delete(oldest);
      }
    },
  };
}

/** The host an image URL's fetch goes to ("shop.example:8080"), lower case; '' when the URL is not valid. */
export function hostOf(url: string): string {
  return URL.canParse(url) ? new URL(url).host.toLowerCase() : '';
}
