// Guesses at an account's secret (a password, an emailed code, a second factor) take their turn here before
// better-auth sees them: one at a time per account, and at most GATE_SLOTS at once in the process. A burst of
// hundreds of guesses at one account then costs the server one request's work at a time, so everyone else's
// requests go on at their usual speed, instead of each waiting behind hundreds of sign-ins in flight. The
// lockout (account-lockout.ts) decides each guess; this orders them, and once the lockout has answered that an
// account is locked, the guesses that were already queued behind that answer get it too (with the wait that is
// left), without being handed to better-auth again; a guess that arrives later asks the lockout itself. A guess that waited past MAX_WAIT_MS is answered 429 without being
// tried, so a queue can never grow without end.
import { GUESS_PATHS } from './account-lockout';
import { KeyedQueue } from './keyed-queue';

const GATE_SLOTS = 4;
const MAX_WAIT_MS = 20_000;
const REPEAT_LOCKED_MS = 5_000;
/** Accounts whose locked answer is remembered at once; past it the oldest is forgotten. */
const MAX_REMEMBERED = 10_000;
const AUTH_PREFIX = '/api/auth';

export type SignInGate = (request: Request, handle: () => Promise<Response>) => Promise<Response>;

export function createSignInGate(): SignInGate {
  const queue = new KeyedQueue(GATE_SLOTS);
  const locked = new LockedAnswers();
  return async (request, handle) => {
    const key = await accountKeyOf(request);
    if (key === null) return handle();
    const queuedAt = performance.now();
    return queue.run(key, async () => {
      if (performance.now() - queuedAt > MAX_WAIT_MS) return busy();
      const known = locked.answerFor(key, queuedAt);
      if (known) return known;
      const response = await handle();
      if (response.status === 429) await locked.remember(key, response);
      return response;
    });
  };
}

/** The lockout's last "locked" answer per account, repeated with the wait that is left. */
class LockedAnswers {
  readonly #answers = new Map<string, { body: string; until: number; answeredAt: number }>();

  /** The locked answer for a guess queued at `queuedAt` (performance.now()), if one was given after it. */
  answerFor(key: string, queuedAt: number): Response | null {
    const known = this.#answers.get(key);
    if (!known) return null;
    const now = Date.now();
    if (now >= known.until || performance.now() - known.answeredAt > REPEAT_LOCKED_MS) {
      this.#answers.delete(key);
      return null;
    }
    if (queuedAt > known.answeredAt) return null;
    const left = String(Math.ceil((known.until - now) / 1000));
    return new Response(known.body, {
      status: 429,
      headers: { 'content-type': 'application/json', 'retry-after': left },
    });
  }

  async remember(key: string, response: Response): Promise<void> {
    const seconds = Number(response.headers.get('retry-after'));
    if (!Number.isFinite(seconds) || seconds <= 0) return;
    const now = Date.now();
    if (this.#answers.size >= MAX_REMEMBERED) this.#answers.delete(this.#answers.keys().next().value!);
    const body = await response.clone().text();
    this.#answers.set(key, { body, until: now + seconds * 1000, answeredAt: performance.now() });
  }
}

/** Which account a guess is at: the address typed, or the pending sign-in's cookies for a second factor. */
async function accountKeyOf(request: Request): Promise<string | null> {
  if (request.method !== 'POST') return null;
  const path = new URL(request.url).pathname;
  if (!path.startsWith(AUTH_PREFIX) || !GUESS_PATHS.has(path.slice(AUTH_PREFIX.length))) return null;
  if (path.includes('/two-factor/')) return `second-factor:${request.headers.get('cookie') ?? ''}`;
  try {
    const body: unknown = JSON.parse(await request.clone().text());
    const email = (body as { email?: unknown } | null)?.email;
    return typeof email === 'string' ? `email:${email.trim().toLowerCase()}` : null;
  } catch {
    return null; // better-auth answers a malformed body itself
  }
}

function busy(): Response {
  return Response.json(
    {
      code: 'TOO_MANY_REQUESTS',
      message: 'Too many sign-in attempts for this account right now. Try again in a minute.',
    },
    { status: 429, headers: { 'retry-after': '60' } },
  );
}
