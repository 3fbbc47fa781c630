// Every JSON answer is parsed with the contract's response schema before it leaves, so a handler
// that drifts from the contract fails here, on the server, rather than as "Could not validate response body"
// in someone's browser or integration. Outside production the 500 names the fields; in production the
// message stays generic and the mismatch is logged once per function per process.
//
// What production checks (docs/decisions/019-answer-check-in-production.md): the whole answer when it is
// small, and when it holds a long list (a run's page of up to 2,000 products), the answer with each long list
// cut to SAMPLED_ITEMS items spread over it, first and last included. A full parse of a 2,000-product page
// costs about as much as serialising it (some 20 µs a product); the sample bounds that to a fixed cost. Rows
// of a list are built by one code path, so a field of the wrong type shows in any of them; outside production
// (development, tests, CI) every item is parsed, which is where a mismatch in one odd row is caught.
import type { FunctionName } from '../../common/contract/functions';
import { functions } from '../../common/contract/functions';
import { AppError } from '../leaves/app-error/app-error';
import type { Logger } from '../leaves/logger/logger';

/** Lists longer than this are sampled in production; this many of their items are checked. */
export const SAMPLED_ITEMS = 64;

const reported = new Set<FunctionName>();

/**
 * The answer as production checks it: lists over SAMPLED_ITEMS cut to that many items spread evenly over
 * them (first and last included), at any depth. Objects are copied only as deep as they are walked; an
 * answer without long lists comes back as it is.
 */
export function sampleForCheck(value: unknown): unknown {
  if (Array.isArray(value)) {
    const items = value.length > SAMPLED_ITEMS ? spread(value) : value;
    let changed = items !== value;
    const sampled = items.map((item) => {
      const next = sampleForCheck(item);
      if (next !== item) changed = true;
      return next;
    });
    return changed ? sampled : value;
  }
  if (value === null || typeof value !== 'object') return value;
  let copy: Record<string, unknown> | undefined;
  for (const [key, item] of Object.entries(value)) {
    const next = sampleForCheck(item);
    if (next !== item) {
      copy ??= { ...(value as Record<string, unknown>) };
      copy[key] = next;
    }
  }
  return copy ?? value;
}

function spread<T>(items: readonly T[]): T[] {
  const last = items.length - 1;
  return Array.from(
    { length: SAMPLED_ITEMS },
    (_, i) => items[Math.round((i * last) / (SAMPLED_ITEMS - 1))]!,
  );
}

export function checkAnswer(name: FunctionName, output: unknown, production: boolean, log: Logger): void {
  const result = functions[name].response.safeParse(production ? sampleForCheck(output) : output);
  if (result.success) return;
  const details = result.error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.join('.') || 'answer'}: ${issue.message}`)
    .join('; ');
  if (!production) {
    log.error({ function: name, mismatch: details }, 'answer does not match the contract');
    throw new AppError('server_error', `The answer of ${name} does not match the contract: ${details}`);
  }
  if (!reported.has(name)) {
    reported.add(name);
    log.error({ function: name, mismatch: details }, 'answer does not match the contract');
  }
  throw new AppError('server_error', 'Something went wrong on our side.');
}
