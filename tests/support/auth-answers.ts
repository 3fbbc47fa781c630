// The answers of better-auth's routes (/api/auth/*) that tests read, as schemas: the contract in src/common
// covers /functions/v1 only, so these name the few fields the tests rely on, and parsing them fails loudly
// when the library changes its answer rather than reading undefined.
import { z } from 'zod';

/** /sign-in/email's answer. */
export const signInAnswer = z.object({ user: z.object({ id: z.string() }) });

/** /two-factor/enable's answer: the otpauth:// URI whose `secret` makes the codes. */
export const totpAnswer = z.object({ totpURI: z.string() });

/** The secret of a /two-factor/enable answer. */
export async function totpSecretOf(enable: { json(): Promise<unknown> }): Promise<string> {
  const secret = new URL(totpAnswer.parse(await enable.json()).totpURI).searchParams.get('secret');
  if (!secret) throw new Error('The totpURI has no secret');
  return secret;
}

/** /sign-in/social's answer: where to send the browser. */
export const socialSignInAnswer = z.object({ url: z.string() });

/** better-auth's error answer (and ours from its hooks): a code and a message. */
export const authErrorAnswer = z.object({ code: z.string(), message: z.string() });

/** A per-account lockout row of sign_in_attempts (src/server/domain/auth/attempt-counter.ts), read by lockoutRowQuery. */
export const lockoutRecord = z.object({ failures: z.number(), lockedUntil: z.date() });

/** Reads a key's lockout row as lockoutRecord parses it. */
export const lockoutRowQuery =
  'select failures, locked_until as "lockedUntil" from sign_in_attempts where key = $1';
