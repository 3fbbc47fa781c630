// What a refused sign-in call says to the user: better-auth's codes in plain words, with what to do next.
// Its own messages ("Invalid OTP", "Email not verified") are written for developers.
export type AuthError = { message?: string; status?: number; code?: string };

export const SOMETHING_WENT_WRONG = 'Something went wrong. Try again.';

const MESSAGES: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: 'Invalid email or password.',
  EMAIL_NOT_VERIFIED:
    'Confirm your email address first: open the link in the confirmation email, or have it sent again.',
  INVALID_OTP: 'That code is not right. Check it and try again.',
  INVALID_CODE: 'That code is not right. Check it and try again.',
  OTP_EXPIRED: 'That code has expired. Ask for a new one.',
  TOO_MANY_ATTEMPTS: 'Too many wrong codes. Ask for a new one.',
  INVALID_BACKUP_CODE: 'That backup code is not right, or it was already used.',
  INVALID_TOKEN: 'This link has expired or was already used. Ask for a new one.',
  INVALID_TWO_FACTOR_COOKIE: 'Signing in took too long. Start again.',
};

/** What the sign-in panel says for a refused call. */
export function authErrorMessage(error: AuthError): string {
  // An account lockout says how long to wait; the per-address limit does not.
  if (error.status === 429 && error.code !== 'ACCOUNT_LOCKED')
    return 'Too many attempts. Wait a minute and try again.';
  return (error.code && MESSAGES[error.code]) || error.message || SOMETHING_WENT_WRONG;
}
