// A change to how an account signs in ends every other session of it: changing the password,
// turning TOTP on or off, changing the email address. The session that made the change stays (better-auth
// replaces it with a new one on some of these paths; that new one is kept). A reset already revokes them all
// (revokeSessionsOnPasswordReset).
import type { BetterAuthPlugin } from 'better-auth';
import { createAuthMiddleware } from 'better-auth/api';
import { and, eq, ne } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { session } from '../../db/schema';

// Not /two-factor/enable: it only starts the set-up (a secret and backup codes, TOTP still off), and a user
// who cancels there has changed nothing. TOTP turns on at the first confirmed code, verify-totp below.
const CHANGE_PATHS = new Set(['/change-password', '/two-factor/disable', '/change-email']);
const VERIFY_TOTP_PATH = '/two-factor/verify-totp';
const TWO_FACTOR_COOKIE = 'two_factor';

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

export function revokeOtherSessions(db: Database): BetterAuthPlugin {
  return {
    id: 'revoke-other-sessions',
    hooks: {
      after: [
        {
          matcher: (ctx) => CHANGE_PATHS.has(ctx.path ?? '') || ctx.path === VERIFY_TOTP_PATH,
          handler: createAuthMiddleware(async (ctx) => {
            const returned = ctx.context.returned;
            if (!returned || returned instanceof Error) return;
            // verify-totp with the sign-in cookie is a sign-in; without it, it is the step that turns TOTP on.
            if (ctx.path === VERIFY_TOTP_PATH && (await isSignInChallenge(ctx))) return;
            const kept = ctx.context.newSession?.session ?? ctx.context.session?.session;
            if (!kept) return;
            await db
              .delete(session)
              .where(and(eq(session.userId, kept.userId), ne(session.token, kept.token)));
          }),
        },
      ],
    },
  };
}

async function isSignInChallenge(ctx: HookContext): Promise<boolean> {
  const cookieName = ctx.context.createAuthCookie(TWO_FACTOR_COOKIE).name;
  return Boolean(await ctx.getSignedCookie(cookieName, ctx.context.secret));
}
