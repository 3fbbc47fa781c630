// Per-account lockout, on top of the per-address rate limit: an attacker who spreads guesses over many
// addresses, or sends them all at once, still gets FREE_FAILURES wrong guesses per account, then a wait that
// doubles with each further failure. It guards the password (keyed on the address typed, whether or not an
// account exists, so it reveals nothing), the email sign-in code (the same) and the second factor (keyed on
// the user being verified). Each attempt is counted before its guess is checked (attempt-counter.ts).
import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import type { Database } from '../../db/client';
import { attemptCounter } from './attempt-counter';
import { pendingUserId } from './totp-replay-guard';

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

type Guard = {
  paths: string[];
  /** The account's key, or null when the request names none (it is then left to the endpoint). */
  key: (ctx: HookContext) => Promise<string | null>;
  /** Whether the endpoint's error means a wrong guess. */
  isWrongGuess: (status: number, code: string | undefined) => boolean;
  lockedMessage: (wait: string) => string;
};

const emailOf = (ctx: HookContext) => {
  const email = (ctx.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email.trim().toLowerCase() : null;
};

export const lockoutKey = (email: string) => `sign-in-lockout:${email.trim().toLowerCase()}`;
export const signInCodeLockoutKey = (email: string) => `sign-in-code-lockout:${email.trim().toLowerCase()}`;
export const secondFactorLockoutKey = (userId: string) => `second-factor-lockout:${userId}`;

const GUARDS: Guard[] = [
  {
    paths: ['/sign-in/email'],
    key: async (ctx) => {
      const email = emailOf(ctx);
      return email === null ? null : lockoutKey(email);
    },
    isWrongGuess: (status) => status === 401,
    lockedMessage: (wait) =>
      `Too many wrong passwords for this account. Try again in ${wait}, or reset your password.`,
  },
  {
    paths: ['/sign-in/email-otp'],
    key: async (ctx) => {
      const email = emailOf(ctx);
      return email === null ? null : signInCodeLockoutKey(email);
    },
    isWrongGuess: (_status, code) => code === 'INVALID_OTP' || code === 'TOO_MANY_ATTEMPTS',
    lockedMessage: (wait) =>
      `Too many wrong codes for this account. Try again in ${wait}, or sign in another way.`,
  },
  {
    paths: ['/two-factor/verify-totp', '/two-factor/verify-backup-code', '/two-factor/verify-otp'],
    key: async (ctx) => {
      const userId = await pendingUserId(ctx);
      return userId ? secondFactorLockoutKey(userId) : null;
    },
    // A missing sign-in cookie or a replayed code is no guess at this account's secret.
    isWrongGuess: (status, code) =>
      status === 401 && code !== 'INVALID_TWO_FACTOR_COOKIE' && code !== 'TOTP_CODE_REUSED',
    lockedMessage: (wait) => `Too many wrong codes. Try again in ${wait}.`,
  },
];

const guardFor = (path: string | undefined) => GUARDS.find((guard) => guard.paths.includes(path ?? ''));

/** The auth paths (better-auth's own, below /api/auth) whose every request is a guess at an account's secret. */
export const GUESS_PATHS: ReadonlySet<string> = new Set(GUARDS.flatMap((guard) => guard.paths));

export function accountLockout(db: Database): BetterAuthPlugin {
  // The attempt each request took, from its before-hook to its after-hook.
  const taken = new WeakMap<object, string>();
  const counter = attemptCounter(db);
  const requestOf = (ctx: HookContext): object | undefined => ctx.request ?? ctx.headers ?? undefined;
  return {
    id: 'account-lockout',
    hooks: {
      before: [
        {
          matcher: (ctx) => guardFor(ctx.path) !== undefined,
          handler: createAuthMiddleware(async (ctx) => {
            const guard = guardFor(ctx.path)!;
            const request = requestOf(ctx);
            const key = await guard.key(ctx);
            if (!key || !request) return;
            const attempt = await counter.take(key);
            if (!attempt.taken) {
              throw new APIError(
                'TOO_MANY_REQUESTS',
                { code: 'ACCOUNT_LOCKED', message: guard.lockedMessage(formatWait(attempt.waitSeconds)) },
                { 'retry-after': String(attempt.waitSeconds) },
              );
            }
            taken.set(request, key);
          }),
        },
      ],
      after: [
        {
          matcher: (ctx) => guardFor(ctx.path) !== undefined,
          handler: createAuthMiddleware(async (ctx) => {
            const request = requestOf(ctx);
            const key = request && taken.get(request);
            if (!request || !key) return;
            taken.delete(request);
            const returned = ctx.context.returned;
            // Plugins throw better-auth's APIError from more than one package copy: read it by its shape.
            const status = (returned as { statusCode?: unknown } | undefined)?.statusCode;
            if (returned instanceof Error && typeof status === 'number') {
              const code = (returned as { body?: { code?: string } }).body?.code;
              if (!guardFor(ctx.path)!.isWrongGuess(status, code)) await counter.giveBack(key);
            } else if (returned instanceof Error) {
              await counter.giveBack(key);
            } else if (returned) {
              await counter.clear(key);
            }
          }),
        },
      ],
    },
  };
}

function formatWait(seconds: number): string {
  if (seconds < 90) return `${seconds} seconds`;
  return `${Math.ceil(seconds / 60)} minutes`;
}
