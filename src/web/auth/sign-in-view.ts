// The views of the sign-in panel (SPEC §2, §4) and what each view's form gets from the panel.
import type { UseFormReturnType } from '@mantine/form';
import type { AuthAction } from './use-auth-action';

export const SIGN_IN_VIEWS = [
  'sign_in',
  'sign_up',
  'forgotten_password',
  'magic_link',
  'update_password',
  'verify_otp',
  'two_factor',
] as const;
export type SignInView = (typeof SIGN_IN_VIEWS)[number];

export const VIEW_TITLES: Record<SignInView, string> = {
  sign_in: 'Sign in to your account',
  sign_up: 'Create an account',
  forgotten_password: 'Reset your password',
  magic_link: 'Sign in with a magic link',
  update_password: 'Choose a new password',
  verify_otp: 'Sign in with a one-time code',
  two_factor: 'Two-factor authentication',
};

export const PASSWORD_RULE = 'At least 8 characters, and not a common or easily guessed password.';

/** One form for every view, so that an address typed in one view is still there in the next. */
export type SignInValues = {
  email: string;
  password: string;
  code: string;
  /** A one-time code was sent to the address (verify_otp). */
  otpSent: boolean;
  /** two_factor takes a backup code instead of the authenticator's code. */
  useBackupCode: boolean;
};

export type SignInViewProps = {
  form: UseFormReturnType<SignInValues>;
  auth: AuthAction;
  go: (view: SignInView) => void;
  onSignedIn: () => void;
};

/** The views that send mail say so when the address is missing, before asking the server. */
export function hasEmail({ form, auth }: Pick<SignInViewProps, 'form' | 'auth'>): boolean {
  if (form.values.email.trim()) return true;
  auth.setError('Please enter your email address.');
  return false;
}

/** With a second factor on, any sign-in answers with the challenge instead of a session. */
export function afterFirstFactor({ go, onSignedIn }: Pick<SignInViewProps, 'go' | 'onSignedIn'>) {
  return (data: unknown) => {
    if ((data as { twoFactorRedirect?: boolean } | undefined)?.twoFactorRedirect) go('two_factor');
    else onSignedIn();
  };
}
