// Refuses passwords that are common or trivial (ASVS 5.0 V6.2: check against common passwords, offline).
// zxcvbn-ts estimates how many guesses a password needs, with its built-in list of common passwords and
// words; nothing leaves the server.
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthMiddleware } from 'better-auth/api';

/** zxcvbn's 3: "safely unguessable", about 10^8 guesses or more. */
const MIN_SCORE = 3;

const zxcvbn = new ZxcvbnFactory({ graphs: common.adjacencyGraphs, dictionary: { ...common.dictionary } });

const REASONS: Record<string, string> = {
  topTen: 'it is one of the most common passwords',
  topHundred: 'it is one of the most common passwords',
  common: 'it is a commonly used password',
  similarToCommon: 'it is very like a commonly used password',
  simpleRepeat: 'it repeats the same characters',
  extendedRepeat: 'it repeats the same pattern',
  sequences: 'it is a simple sequence, like abc or 1234',
  straightRow: 'it is a row of keys on the keyboard',
  keyPattern: 'it is a keyboard pattern',
  recentYears: 'it is built on a recent year',
  dates: 'it is built on a date',
  userInputs: 'it contains your email address or name',
  namesByThemselves: 'it is a common name',
  wordByItself: 'it is a single common word',
};

/** Why the password is too weak, in words for the user, or null when it is strong enough. */
export async function weakPasswordReason(
  password: string,
  userInputs: string[] = [],
): Promise<string | null> {
  // The whole address and its pieces: "margaret.hale1" should count as built on margaret.hale@example.com.
  const words = userInputs.flatMap((input) => [
    input,
    ...input.split(/[@._+\-\s]+/).filter((w) => w.length >= 3),
  ]);
  const result = await zxcvbn.check(password, [...words, 'copyloom']);
  if (result.score >= MIN_SCORE) return null;
  const reason =
    (result.feedback.warning && REASONS[result.feedback.warning]) ?? 'it would be guessed quickly';
  return `This password is too easy to guess: ${reason}. Use a longer one, such as a few unrelated words.`;
}

/** Where better-auth takes a new password, and the body field that holds it. */
const NEW_PASSWORD_FIELDS: Record<string, 'password' | 'newPassword'> = {
  '/sign-up/email': 'password',
  '/reset-password': 'newPassword',
  '/change-password': 'newPassword',
  '/email-otp/reset-password': 'password',
};

export function passwordStrength(): BetterAuthPlugin {
  return {
    id: 'password-strength',
    hooks: {
      before: [
        {
          matcher: (ctx) => (ctx.path ?? '') in NEW_PASSWORD_FIELDS,
          handler: createAuthMiddleware(async (ctx) => {
            const body = (ctx.body ?? {}) as Record<string, unknown>;
            const password = body[NEW_PASSWORD_FIELDS[ctx.path]!];
            if (typeof password !== 'string' || password.length === 0) return; // better-auth's own checks answer
            const inputs = [body.email, body.name].filter((v): v is string => typeof v === 'string');
            const reason = await weakPasswordReason(password, inputs);
            if (reason) throw new APIError('BAD_REQUEST', { message: reason, code: 'PASSWORD_TOO_WEAK' });
          }),
        },
      ],
    },
  };
}
