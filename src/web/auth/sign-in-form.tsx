// sign_in: email and password, the social providers the server offers, and the ways to the other views.
import { Button, Stack } from '@mantine/core';
import { useEffect, useState } from 'react';
import { authClient } from './auth-client';
import { EmailField, PasswordField, ViewLink } from './sign-in-fields';
import { afterFirstFactor, type SignInViewProps } from './sign-in-view';

const PROVIDER_LABELS: Record<string, string> = { github: 'GitHub', google: 'Google' };

/** Social providers the server has credentials for; none by default (SPEC §2). */
export function useSocialProviders(): string[] {
  const [providers, setProviders] = useState<string[]>([]);
  useEffect(() => {
    fetch('/api/auth-providers')
      .then((response) => (response.ok ? response.json() : { social: [] }))
      .then((body: { social?: string[] }) => setProviders(body.social ?? []))
      .catch(() => setProviders([]));
  }, []);
  return providers;
}

export function SignInForm(props: SignInViewProps & { socialProviders: string[] }) {
  const { form, auth, go, socialProviders } = props;
  const signIn = ({ email, password }: typeof form.values) =>
    auth.run(() => authClient.signIn.email({ email, password }), afterFirstFactor(props));
  // A sign-in refused for an unconfirmed address can send the confirmation link again, right here.
  const resendConfirmation = () => {
    const { email } = form.values;
    void auth.run(
      () => authClient.sendVerificationEmail({ email, callbackURL: '/?verified=1' }),
      () => auth.setMessage(`We sent the confirmation link to ${email} again. Open it, then sign in.`),
    );
  };
  return (
    <form onSubmit={form.onSubmit(signIn)}>
      <Stack>
        <EmailField form={form} />
        <PasswordField form={form} label="Password" />
        <Button type="submit" loading={auth.isBusy}>
          Sign in
        </Button>
        {auth.errorCode === 'EMAIL_NOT_VERIFIED' && (
          <Button variant="light" onClick={resendConfirmation} disabled={auth.isBusy}>
            Resend confirmation
          </Button>
        )}
        {socialProviders.map((provider) => (
          <Button
            key={provider}
            variant="default"
            onClick={() =>
              void auth.run(
                () => authClient.signIn.social({ provider, callbackURL: '/' }),
                () => {},
              )
            }
          >
            Sign in with {PROVIDER_LABELS[provider] ?? provider}
          </Button>
        ))}
        <ViewLink go={go} to="magic_link" label="Send a magic link email" />
        <ViewLink go={go} to="verify_otp" label="Sign in with a one-time code" />
        <ViewLink go={go} to="forgotten_password" label="Forgot your password?" />
        <ViewLink go={go} to="sign_up" label="Don't have an account? Sign up" />
      </Stack>
    </form>
  );
}
