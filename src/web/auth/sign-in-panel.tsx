// The sign-in panel (SPEC §2, §4): sign_in, sign_up, forgotten_password, magic_link, update_password,
// verify_otp, plus the two-factor challenge that follows any sign-in when TOTP is on.
import {
  Alert,
  Anchor,
  Button,
  Center,
  Checkbox,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { USER_MESSAGES } from '../../common/errors';
import { authClient } from './auth-client';

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

type AuthError = { message?: string; status?: number; code?: string };
type AuthResult = { error?: AuthError | null; data?: unknown } | undefined;

/** Reads the view (and a reset token or error) that a link from an email carries in the URL. */
function initialState(): {
  view: SignInView;
  token: string | null;
  error: string | null;
  notice: string | null;
} {
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

function clearLinkParameters() {
  if (window.location.search) window.history.replaceState(null, '', window.location.pathname);
}

const PROVIDER_LABELS: Record<string, string> = { github: 'GitHub', google: 'Google' };

/** Social providers the server has credentials for; none by default (SPEC §2). */
function useSocialProviders(): string[] {
  const [providers, setProviders] = useState<string[]>([]);
  useEffect(() => {
    fetch('/api/auth-providers')
      .then((response) => (response.ok ? response.json() : { social: [] }))
      .then((body: { social?: string[] }) => setProviders(body.social ?? []))
      .catch(() => setProviders([]));
  }, []);
  return providers;
}

export function SignInPanel({ onSignedIn }: { onSignedIn: () => void }) {
  const [initial] = useState(initialState);
  const socialProviders = useSocialProviders();
  const [view, setView] = useState<SignInView>(initial.view);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [useBackupCode, setUseBackupCode] = useState(false);
  const [otpSent, setOtpSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(initial.error);
  const [message, setMessage] = useState<string | null>(initial.notice);

  const go = (next: SignInView) => {
    setView(next);
    setError(null);
    setMessage(null);
    setCode('');
    clearLinkParameters();
  };

  /** Runs an auth call: busy state, the danger box on failure, and a success handler. */
  const run = async (call: () => Promise<AuthResult>, onSuccess: (data: unknown) => void) => {
    setBusy(true);
    setError(null);
    setMessage(null);
    try {
      const result = await call();
      if (result?.error) setError(authErrorMessage(result.error));
      else onSuccess(result?.data);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : 'Something went wrong. Try again.');
    } finally {
      setBusy(false);
    }
  };

  const submit = (handler: () => void) => (event: FormEvent) => {
    event.preventDefault();
    handler();
  };

  const origin = window.location.origin;
  const requireEmail = () => {
    if (email.trim()) return true;
    setError('Please enter your email address.');
    return false;
  };

  /** With a second factor on, any sign-in answers with the challenge instead of a session. */
  const afterFirstFactor = (data: unknown) => {
    if ((data as { twoFactorRedirect?: boolean } | undefined)?.twoFactorRedirect) go('two_factor');
    else onSignedIn();
  };

  const signIn = () => run(() => authClient.signIn.email({ email, password }), afterFirstFactor);

  const signUp = () =>
    run(
      () =>
        authClient.signUp.email({
          email,
          password,
          name: email.split('@')[0] ?? email,
          callbackURL: '/?verified=1',
        }),
      (data) => {
        const token = (data as { token?: string | null } | undefined)?.token;
        // SPEC §4: a user but no session means the address must be confirmed first.
        if (token) onSignedIn();
        else setMessage(USER_MESSAGES.confirmEmail);
      },
    );

  const sendReset = () =>
    requireEmail() &&
    run(
      () => authClient.requestPasswordReset({ email, redirectTo: `${origin}/?view=update_password` }),
      () => setMessage(USER_MESSAGES.passwordResetSent),
    );

  const sendMagicLink = () =>
    requireEmail() &&
    run(
      () =>
        authClient.signIn.magicLink({
          email,
          callbackURL: '/',
          errorCallbackURL: '/?view=magic_link',
        }),
      () => setMessage(USER_MESSAGES.magicLinkSent),
    );

  const updatePassword = () =>
    run(
      () => authClient.resetPassword({ newPassword: password, token: initial.token ?? '' }),
      () => {
        // SPEC §4: a user-updated event moves to sign_in.
        go('sign_in');
        setPassword('');
        setMessage(USER_MESSAGES.passwordUpdated);
      },
    );

  const sendOtp = () =>
    requireEmail() &&
    run(
      () => authClient.emailOtp.sendVerificationOtp({ email, type: 'sign-in' }),
      () => {
        setOtpSent(true);
        setMessage(USER_MESSAGES.otpSent);
      },
    );

  const verifyOtp = () =>
    run(() => authClient.signIn.emailOtp({ email, otp: code.trim() }), afterFirstFactor);

  const verifyTwoFactor = () =>
    run(
      () =>
        useBackupCode
          ? authClient.twoFactor.verifyBackupCode({ code: code.trim() })
          : authClient.twoFactor.verifyTotp({ code: code.trim() }),
      onSignedIn,
    );

  const link = (target: SignInView, label: string) => (
    <Anchor component="button" type="button" size="sm" onClick={() => go(target)}>
      {label}
    </Anchor>
  );

  const emailField = (
    <TextInput
      label="Email address"
      type="email"
      autoComplete="email"
      value={email}
      onChange={(e) => setEmail(e.currentTarget.value)}
      required={view !== 'magic_link'}
    />
  );

  let body: ReactNode;
  switch (view) {
    case 'sign_in':
      body = (
        <form onSubmit={submit(signIn)}>
          <Stack>
            {emailField}
            <PasswordInput
              label="Password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              required
            />
            <Button type="submit" loading={busy}>
              Sign in
            </Button>
            {socialProviders.map((provider) => (
              <Button
                key={provider}
                variant="default"
                onClick={() =>
                  void run(
                    () => authClient.signIn.social({ provider, callbackURL: '/' }),
                    () => {},
                  )
                }
              >
                Sign in with {PROVIDER_LABELS[provider] ?? provider}
              </Button>
            ))}
            {link('magic_link', 'Send a magic link email')}
            {link('verify_otp', 'Sign in with a one-time code')}
            {link('forgotten_password', 'Forgot your password?')}
            {link('sign_up', "Don't have an account? Sign up")}
          </Stack>
        </form>
      );
      break;
    case 'sign_up':
      body = (
        <form onSubmit={submit(signUp)}>
          <Stack>
            {emailField}
            <PasswordInput
              label="Create a password"
              description={PASSWORD_RULE}
              autoComplete="new-password"
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              required
            />
            <Button type="submit" loading={busy}>
              Sign up
            </Button>
            {link('sign_in', 'Already have an account? Sign in')}
          </Stack>
        </form>
      );
      break;
    case 'forgotten_password':
      body = (
        <form onSubmit={submit(sendReset)}>
          <Stack>
            {emailField}
            <Button type="submit" loading={busy}>
              Send reset password instructions
            </Button>
            {link('sign_in', 'Already have an account? Sign in')}
          </Stack>
        </form>
      );
      break;
    case 'magic_link':
      body = (
        <form onSubmit={submit(sendMagicLink)} noValidate>
          <Stack>
            {emailField}
            <Button type="submit" loading={busy}>
              Send magic link
            </Button>
            {link('sign_in', 'Already have an account? Sign in')}
          </Stack>
        </form>
      );
      break;
    case 'update_password':
      body = (
        <form onSubmit={submit(updatePassword)}>
          <Stack>
            <PasswordInput
              label="New password"
              description={PASSWORD_RULE}
              autoComplete="new-password"
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              required
            />
            <Button type="submit" loading={busy} disabled={!initial.token}>
              Update password
            </Button>
            {!initial.token && (
              <Text size="sm" c="dimmed">
                Open the link from the password reset email to choose a new password.
              </Text>
            )}
            {link('sign_in', 'Back to sign in')}
          </Stack>
        </form>
      );
      break;
    case 'verify_otp':
      body = (
        <form onSubmit={submit(otpSent ? verifyOtp : sendOtp)}>
          <Stack>
            {emailField}
            {otpSent && (
              <TextInput
                label="One-time code"
                inputMode="numeric"
                autoComplete="one-time-code"
                value={code}
                onChange={(e) => setCode(e.currentTarget.value)}
                required
              />
            )}
            <Button type="submit" loading={busy}>
              {otpSent ? 'Verify code' : 'Send code'}
            </Button>
            {otpSent && (
              <Anchor component="button" type="button" size="sm" onClick={() => void sendOtp()}>
                Send a new code
              </Anchor>
            )}
            {link('sign_in', 'Already have an account? Sign in')}
          </Stack>
        </form>
      );
      break;
    case 'two_factor':
      body = (
        <form onSubmit={submit(verifyTwoFactor)}>
          <Stack>
            <Text size="sm">
              {useBackupCode
                ? 'Enter one of the backup codes you saved when you turned on two-factor sign-in.'
                : 'Enter the 6-digit code from your authenticator app.'}
            </Text>
            <TextInput
              label={useBackupCode ? 'Backup code' : 'Authentication code'}
              inputMode={useBackupCode ? 'text' : 'numeric'}
              autoComplete="one-time-code"
              value={code}
              onChange={(e) => setCode(e.currentTarget.value)}
              required
              data-autofocus
            />
            <Button type="submit" loading={busy}>
              Verify
            </Button>
            <Checkbox
              label="Use a backup code instead"
              checked={useBackupCode}
              onChange={(e) => setUseBackupCode(e.currentTarget.checked)}
            />
            {link('sign_in', 'Back to sign in')}
          </Stack>
        </form>
      );
      break;
  }

  return (
    <Center mih="100vh" p="md">
      <Paper withBorder shadow="sm" p="xl" w={400} maw="100%">
        <Stack>
          <div>
            <Title order={2}>Copyloom</Title>
            <Text c="dimmed" size="sm">
              {VIEW_TITLES[view]}
            </Text>
          </div>
          {error && (
            <Alert color="red" variant="light" role="alert" title="There was a problem">
              {error}
            </Alert>
          )}
          {message && (
            <Alert color="teal" variant="light" role="status">
              {message}
            </Alert>
          )}
          {body}
        </Stack>
      </Paper>
    </Center>
  );
}

const PASSWORD_RULE = 'At least 8 characters, and not a common or easily guessed password.';

const VIEW_TITLES: Record<SignInView, string> = {
  sign_in: 'Sign in to your account',
  sign_up: 'Create an account',
  forgotten_password: 'Reset your password',
  magic_link: 'Sign in with a magic link',
  update_password: 'Choose a new password',
  verify_otp: 'Sign in with a one-time code',
  two_factor: 'Two-factor authentication',
};

function authErrorMessage(error: AuthError): string {
  // An account lockout says how long to wait; the per-address limit does not.
  if (error.status === 429 && error.code !== 'ACCOUNT_LOCKED')
    return 'Too many attempts. Wait a minute and try again.';
  return error.message || 'Something went wrong. Try again.';
}
