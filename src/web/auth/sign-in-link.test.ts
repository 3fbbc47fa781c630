import { afterEach, describe, expect, it, vi } from 'vitest';
import { readPendingInvite } from '../lib/pending-invite';
import { INVITE_NOTICE, readSignInLink } from './sign-in-link';

/** A browser window at `address`, with a localStorage of its own. */
function openAt(address: string) {
  const url = new URL(address, 'http://app.example');
  const stored = new Map<string, string>();
  vi.stubGlobal('window', {
    location: { host: url.host, pathname: url.pathname, search: url.search },
    localStorage: {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => stored.set(key, value),
      removeItem: (key: string) => stored.delete(key),
    },
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('a link the sign-in panel opens with', () => {
  it('an invitation: sign in first, with the token kept for afterwards, never a password reset', () => {
    openAt('/invite?token=invite-token-0123456789abcdef');
    expect(readSignInLink()).toEqual({ view: 'sign_in', token: null, error: null, notice: INVITE_NOTICE });
    expect(readPendingInvite()).toBe('invite-token-0123456789abcdef');
  });

  it('a password reset elsewhere still opens update_password with its token', () => {
    openAt('/?token=reset-token');
    expect(readSignInLink()).toMatchObject({ view: 'update_password', token: 'reset-token' });
    expect(readPendingInvite()).toBeNull();
  });
});
