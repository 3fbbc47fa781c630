// What a link from an email carries in the URL: the view to open, a reset token, or why the link failed.
import { inviteTokenInAddress, writePendingInvite } from '../lib/pending-invite';
import { SIGN_IN_VIEWS, type SignInView } from './sign-in-view';

export const INVITE_NOTICE =
  'You have been invited to a workspace. Sign in, or create an account with the address the invitation was sent to, to join it.';

export type SignInLink = {
  view: SignInView;
  token: string | null;
  error: string | null;
  notice: string | null;
};

export function readSignInLink(): SignInLink {
  // An invitation's token is not a password-reset token: it is kept for after sign-in (invite-page.tsx).
  const invite = inviteTokenInAddress();
  if (invite) {
    writePendingInvite(invite);
    return { view: 'sign_in', token: null, error: null, notice: INVITE_NOTICE };
  }
  const params = new URLSearchParams(window.location.search);
  const requested = params.get('view');
  const token = params.get('token');
  const error = params.get('error');
  let view: SignInView = SIGN_IN_VIEWS.includes(requested as SignInView)
    ? (requested as SignInView)
    : 'sign_in';
  // SPEC §4: a password-recovery event moves to update_password.
  if (token && view !== 'update_password') view = 'update_password';
  return {
    view,
    token,
    error: error ? describeLinkError(error) : null,
    notice: params.has('verified') && !error ? 'Your email address is confirmed. You can sign in now.' : null,
  };
}

function describeLinkError(code: string): string {
  const known: Record<string, string> = {
    INVALID_TOKEN: 'This link is invalid or has already been used. Ask for a new one.',
    invalid_token: 'This link is invalid or has already been used. Ask for a new one.',
    EXPIRED_TOKEN: 'This link has expired. Ask for a new one.',
    token_expired: 'This link has expired. Ask for a new one.',
  };
  return known[code] ?? `The link could not be used (${code}). Ask for a new one.`;
}

/** Once the user moves on, the link's parameters no longer describe the page. */
export function clearLinkParameters() {
  if (window.location.search) window.history.replaceState(null, '', window.location.pathname);
}
