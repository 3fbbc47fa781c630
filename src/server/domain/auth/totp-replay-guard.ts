// better-auth accepts a TOTP code again for as long as it is valid (up to 90 s with its ±1 step window).
// This plugin refuses a code that the same user has already used, so a seen code cannot be replayed.
import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { usedTotpCodes } from '../../db/schema';

const VERIFY_TOTP_PATH = '/two-factor/verify-totp';
const TWO_FACTOR_COOKIE = 'two_factor';
/** Longer than the 90 s in which better-auth accepts one code. */
const REMEMBER_SECONDS = 120;
const REPLAY_MESSAGE = 'This code has already been used. Wait for the next code and try again.';

export function totpReplayGuard(db: Database): BetterAuthPlugin {
  return {
    id: 'totp-replay-guard',
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === VERIFY_TOTP_PATH,
          handler: createAuthMiddleware(async (ctx) => {
            const userId = await pendingUserId(ctx);
            const code = String((ctx.body as { code?: unknown } | undefined)?.code ?? '');
            if (userId && (await wasUsed(db, userId, code))) {
              throw new APIError('UNAUTHORIZED', { message: REPLAY_MESSAGE, code: 'TOTP_CODE_REUSED' });
            }
          }),
        },
      ],
      after: [
        {
          matcher: (ctx) => ctx.path === VERIFY_TOTP_PATH,
          handler: createAuthMiddleware(async (ctx) => {
            const returned = ctx.context.returned;
            if (!returned || returned instanceof Error) return;
            const newSession = ctx.context.newSession;
            const userId = newSession?.user.id ?? (await getSessionFromCtx(ctx))?.user.id;
            const code = String((ctx.body as { code?: unknown } | undefined)?.code ?? '');
            if (!userId || !code) return;
            const inserted = await db
              .insert(usedTotpCodes)
              .values({ userId, code })
              .onConflictDoNothing()
              .returning({ code: usedTotpCodes.code });
            if (inserted.length === 0) {
              // Two requests raced with the same code: the later one loses its new session.
              if (newSession) await ctx.context.internalAdapter.deleteSession(newSession.session.token);
              throw new APIError('UNAUTHORIZED', { message: REPLAY_MESSAGE, code: 'TOTP_CODE_REUSED' });
            }
          }),
        },
      ],
    },
  };
}

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/** The user being verified: the signed-in user while enrolling, or the one named by the sign-in cookie. */
export async function pendingUserId(ctx: HookContext): Promise<string | null> {
  const session = await getSessionFromCtx(ctx).catch(() => null);
  if (session) return session.user.id;
  const cookieName = ctx.context.createAuthCookie(TWO_FACTOR_COOKIE).name;
  const identifier = await ctx.getSignedCookie(cookieName, ctx.context.secret);
  if (!identifier) return null;
  const verification = await ctx.context.internalAdapter.findVerificationValue(identifier);
  return verification?.value ?? null;
}

async function wasUsed(db: Database, userId: string, code: string): Promise<boolean> {
  await db
    .delete(usedTotpCodes)
    .where(lt(usedTotpCodes.usedAt, sql`now() - make_interval(secs => ${REMEMBER_SECONDS})`));
  const rows = await db
    .select({ code: usedTotpCodes.code })
    .from(usedTotpCodes)
    .where(and(eq(usedTotpCodes.userId, userId), eq(usedTotpCodes.code, code)));
  return rows.length > 0;
}
