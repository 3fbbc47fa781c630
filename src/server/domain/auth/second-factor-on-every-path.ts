// better-auth's twoFactor plugin asks for the second factor only after /sign-in/email (and username and
// phone number). Every other way in — magic link, email code, social, a verification link that signs in —
// would hand out a full session. This wraps the plugin so its challenge follows every one of them.
import type { BetterAuthPlugin } from 'better-auth';
import { createAuthMiddleware } from 'better-auth/api';
import type { twoFactor } from 'better-auth/plugins';

/** Endpoints (besides twoFactor's own) that create a session for someone who is not yet signed in. */
const OTHER_SIGN_IN_PATHS = new Set([
  '/sign-in/email-otp',
  '/sign-in/social', // with an id token it answers with a session directly
  '/magic-link/verify',
  '/callback/:id',
  '/oauth2/callback/:providerId',
  '/verify-email',
  '/email-otp/verify-email',
]);

/** These are links a browser follows: the challenge must be a page, not a JSON body. */
const REDIRECTING_PATHS = new Set([
  '/magic-link/verify',
  '/callback/:id',
  '/oauth2/callback/:providerId',
  '/verify-email',
]);

type TwoFactorPlugin = ReturnType<typeof twoFactor>;
type AfterHook = NonNullable<NonNullable<BetterAuthPlugin['hooks']>['after']>[number];

export function withSecondFactorOnEveryPath(plugin: TwoFactorPlugin, challengeUrl: string): TwoFactorPlugin {
  const [challenge] = plugin.hooks.after;
  if (!challenge)
    throw new Error('better-auth twoFactor no longer has its sign-in hook; check this wrapper.');
  const onOtherPaths: AfterHook = {
    matcher: (ctx) => OTHER_SIGN_IN_PATHS.has(ctx.path ?? ''),
    handler: challenge.handler,
  };
  const asPage: AfterHook = {
    matcher: (ctx) => REDIRECTING_PATHS.has(ctx.path ?? ''),
    handler: createAuthMiddleware(async (ctx) => {
      const returned = ctx.context.returned as { twoFactorRedirect?: boolean } | undefined;
      if (returned && !(returned instanceof Error) && returned.twoFactorRedirect) {
        throw ctx.redirect(challengeUrl);
      }
    }),
  };
  // The cast keeps the plugin's own type, so auth.api still knows its endpoints; only the hook list grew.
  const after = [challenge, onOtherPaths, asPage] as unknown as TwoFactorPlugin['hooks']['after'];
  return { ...plugin, hooks: { ...plugin.hooks, after } };
}
