import { describe, expect, it } from 'vitest';
import { weakPasswordReason } from './password-strength';

describe('weakPasswordReason', () => {
  it('refuses common and trivial passwords, saying why', async () => {
    expect(await weakPasswordReason('password')).toMatch(/too easy to guess: it is one of the most common/);
    expect(await weakPasswordReason('12345678')).toMatch(/too easy to guess/);
    expect(await weakPasswordReason('aaaaaaaa')).toMatch(/repeats the same characters/);
    expect(await weakPasswordReason('qwertyuiop')).toMatch(/too easy to guess/);
  });

  it('refuses a password built on the email address', async () => {
    expect(await weakPasswordReason('margarethale1', ['margaret.hale@example.com'])).toMatch(
      /your email address/,
    );
  });

  it('accepts a few unrelated words', async () => {
    expect(await weakPasswordReason('correct horse battery staple')).toBeNull();
    expect(await weakPasswordReason('a long enough password')).toBeNull();
  });
});
