// sign_up: a new account; without a session in the answer, the address must be confirmed first (SPEC §4).
import { Button, Stack } from '@mantine/core';
import { USER_MESSAGES } from '../../common/contract/errors';
import { authClient } from './auth-client';
import { EmailField, PasswordField, ViewLink } from './sign-in-fields';
import type { SignInViewProps } from './sign-in-view';

export function SignUpForm({ form, auth, go, onSignedIn }: SignInViewProps) {
  const signUp = ({ email, password }: typeof form.values) =>
    auth.run(
      () =>
        authClient.signUp.email({
          email,
          password,
          name: email.split('@')[0] ?? email,
          callbackURL: '/?verified=1',
        }),
      (data) => {
        const token = (data as { token?: string | null } | undefined)?.token;
        if (token) onSignedIn();
        else auth.setMessage(USER_MESSAGES.confirmEmail);
      },
    );
  return (
    <form onSubmit={form.onSubmit(signUp)}>
      <Stack>
        <EmailField form={form} />
        <PasswordField form={form} label="Create a password" isNew />
        <Button type="submit" loading={auth.isBusy}>
          Sign up
        </Button>
        <ViewLink go={go} to="sign_in" label="Already have an account? Sign in" />
      </Stack>
    </form>
  );
}
