// The better-auth instance: email + password (scrypt), magic link, email one-time codes, TOTP two-factor,
// bearer tokens for the SPA and server functions, and rate limits on every auth route.
import { type BetterAuthOptions, betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { bearer, emailOTP, magicLink, twoFactor } from 'better-auth/plugins';
import type { Database } from '../../db/client';
import * as schema from '../../db/schema';
import { type Logger, silentLogger } from '../../leaves/logger/logger';
import type { MailKind, MailQueue } from '../../leaves/queue/mail-jobs';
import { accountLockout } from './account-lockout';
import { passwordStrength } from './password-strength';
import { revokeOtherSessions } from './revoke-other-sessions';
import { withSecondFactorOnEveryPath } from './second-factor-on-every-path';
import { totpReplayGuard } from './totp-replay-guard';

export type AuthOptions = {
  db: Database;
  secret: string;
  appUrl: string;
  /** Origins that may call the auth routes (APP_URL's among them), from the config. */
  trustedOrigins: string[];
  /** better-auth's own warnings and errors go here; only their message, not the values it passes along. */
  log?: Logger;
  /** Mail is queued, never sent inside the request. */
  mailQueue: MailQueue;
  socialProviders?: BetterAuthOptions['socialProviders'];
  /** NODE_ENV=production: the session cookie is Secure whatever APP_URL's scheme (config.ts explains). */
  isProduction?: boolean;
};

const APP_NAME = 'Copyloom';

type SendMail = (kind: MailKind, to: string, subject: string, text: string) => Promise<void>;

export function createAuth({
  db,
  secret,
  appUrl,
  trustedOrigins,
  log = silentLogger,
  mailQueue,
  socialProviders = {},
  isProduction = false,
}: AuthOptions) {
  const send: SendMail = (kind, to, subject, text) => mailQueue.send({ kind, to, subject, text });

  return betterAuth({
    appName: APP_NAME,
    baseURL: appUrl,
    basePath: '/api/auth',
    // An unexpected error (a failed query, say) is thrown on to the app's error handler, which logs it safely
    // and answers 500 or 503. Left to better-call, it would be printed whole, query parameters included.
    onAPIError: { throw: true },
    logger: authLogger(log),
    secret,
    trustedOrigins,
    database: authDatabase(db),
    emailAndPassword: emailAndPasswordOptions(send, appUrl),
    emailVerification: emailVerificationOptions(send),
    socialProviders,
    session: { expiresIn: 60 * 60 * 24 * 7, updateAge: 60 * 60 * 24 },
    rateLimit: {
      enabled: true,
      storage: 'database',
      window: 60,
      max: 100,
    },
    advanced: advancedOptions(appUrl, isProduction),
    plugins: authPlugins(db, appUrl, send),
  });
}

/** better-auth's lines go to our logger, tagged with their source. */
function authLogger(log: Logger): BetterAuthOptions['logger'] {
  return {
    log: (level, message) => {
      const line = { source: 'better-auth' };
      if (level === 'error') log.error(line, message);
      else if (level === 'warn') log.warn(line, message);
      else log.debug(line, message);
    },
  };
}

function authDatabase(db: Database) {
  return drizzleAdapter(db, {
    provider: 'pg',
    schema: {
      user: schema.user,
      session: schema.session,
      account: schema.account,
      verification: schema.verification,
      twoFactor: schema.twoFactor,
      rateLimit: schema.rateLimit,
    },
  });
}

function emailAndPasswordOptions(send: SendMail, appUrl: string): BetterAuthOptions['emailAndPassword'] {
  return {
    enabled: true,
    requireEmailVerification: true,
    minPasswordLength: 8,
    maxPasswordLength: 128,
    revokeSessionsOnPasswordReset: true,
    sendResetPassword: async ({ user, url }) =>
      send(
        'reset-password',
        user.email,
        'Reset your Copyloom password',
        `Someone asked to reset the password for ${user.email}.\n\nChoose a new password here (the link works once, for one hour):\n${url}\n\nIf it was not you, ignore this message.`,
      ),
    // Sign-up with a taken address answers as for a new one; the owner gets a notice instead.
    onExistingUserSignUp: async ({ user }) =>
      send(
        'existing-account',
        user.email,
        'Someone tried to sign up to Copyloom with your address',
        `An account already exists for ${user.email}. If that was you, sign in, or reset your password here:\n${appUrl}/?view=forgotten_password`,
      ),
  };
}

function emailVerificationOptions(send: SendMail): BetterAuthOptions['emailVerification'] {
  return {
    sendOnSignUp: true,
    autoSignInAfterVerification: false,
    expiresIn: 60 * 60 * 24,
    sendVerificationEmail: async ({ user, url }) =>
      send(
        'confirm-email',
        user.email,
        'Confirm your Copyloom account',
        `Welcome to Copyloom. Confirm your email address to finish signing up:\n${url}`,
      ),
  };
}

function advancedOptions(appUrl: string, isProduction: boolean): BetterAuthOptions['advanced'] {
  return {
    // Explicit, because better-auth turns its origin and CSRF checks off whenever NODE_ENV=test (as under
    // Vitest): the tests must meet the same checks as a browser does.
    disableOriginCheck: false,
    disableCSRFCheck: false,
    ipAddress: { ipAddressHeaders: ['x-forwarded-for'] },
    // A development server on http://localhost keeps cookies a plain-http browser will send back.
    useSecureCookies: usesSecureCookies(appUrl, isProduction),
  };
}

/** In production always: behind a TLS-terminating proxy APP_URL may say http while browsers use https. */
export function usesSecureCookies(appUrl: string, isProduction: boolean): boolean {
  return isProduction || new URL(appUrl).protocol === 'https:';
}

/** The session cookie's name as better-auth sets it: secure cookies carry the `__Secure-` prefix. */
export function sessionCookieName(isSecure: boolean): string {
  return `${isSecure ? '__Secure-' : ''}better-auth.session_token`;
}

/** bearer() comes last: its after-hook reads the final session cookie, after two-factor has withdrawn it. */
function authPlugins(db: Database, appUrl: string, send: SendMail) {
  return [
    magicLink({
      expiresIn: 60 * 15,
      sendMagicLink: async ({ email, url }) =>
        send(
          'magic-link',
          email,
          'Your Copyloom sign-in link',
          `Sign in to Copyloom with this link (it works once, for 15 minutes):\n${url}`,
        ),
    }),
    emailOTP({
      otpLength: 6,
      expiresIn: 60 * 10,
      allowedAttempts: 5,
      sendVerificationOTP: async ({ email, otp }) =>
        send(
          'sign-in-code',
          email,
          `Your Copyloom code: ${otp}`,
          `Your one-time Copyloom code is ${otp}. It works once, for 10 minutes.`,
        ),
    }),
    withSecondFactorOnEveryPath(twoFactor({ issuer: APP_NAME }), `${appUrl}/?view=two_factor`),
    totpReplayGuard(db),
    passwordStrength(),
    accountLockout(db),
    revokeOtherSessions(db),
    bearer(),
  ];
}

export type Auth = ReturnType<typeof createAuth>;
