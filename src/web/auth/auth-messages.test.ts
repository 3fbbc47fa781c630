import { describe, expect, it } from 'vitest';
import { authErrorMessage, SOMETHING_WENT_WRONG } from './auth-messages';

describe('authErrorMessage', () => {
  it("says better-auth's refusals in plain words", () => {
    expect(authErrorMessage({ code: 'INVALID_OTP', message: 'Invalid OTP', status: 400 })).toBe(
      'That code is not right. Check it and try again.',
    );
    expect(
      authErrorMessage({ code: 'EMAIL_NOT_VERIFIED', message: 'Email not verified', status: 403 }),
    ).toMatch(/^Confirm your email address first/);
    expect(authErrorMessage({ code: 'INVALID_TOKEN', message: 'Invalid token' })).toMatch(
      /expired or was already used/,
    );
  });

  it('keeps a message the server already words for people, and has a fallback', () => {
    expect(
      authErrorMessage({
        code: 'PASSWORD_TOO_WEAK',
        message: 'This password is too easy to guess: it is common.',
      }),
    ).toBe('This password is too easy to guess: it is common.');
    expect(authErrorMessage({ code: 'ACCOUNT_LOCKED', status: 429, message: 'Locked for 30 s.' })).toBe(
      'Locked for 30 s.',
    );
    expect(authErrorMessage({ status: 429 })).toBe('Too many attempts. Wait a minute and try again.');
    expect(authErrorMessage({})).toBe(SOMETHING_WENT_WRONG);
  });
});
