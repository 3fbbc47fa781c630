// An invitation link opened while signed out: its token waits here through sign-in or sign-up (and the email
// confirmation, which may open in another tab), so that the signed-in shell can take the person back to it.
const storageKey = () => `copyloom.${window.location.host}.pending-invite`;

export const INVITE_PATH = '/invite';

export function readPendingInvite(): string | null {
  return window.localStorage.getItem(storageKey());
}

export function writePendingInvite(token: string | null): void {
  if (token) window.localStorage.setItem(storageKey(), token);
  else window.localStorage.removeItem(storageKey());
}

/** The token of an /invite link in the current address, if that is where the person is. */
export function inviteTokenInAddress(): string | null {
  if (window.location.pathname !== INVITE_PATH) return null;
  return new URLSearchParams(window.location.search).get('token');
}
