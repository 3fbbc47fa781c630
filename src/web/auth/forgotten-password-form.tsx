// forgotten_password: mails a link that opens update_password.
import { Button, Stack } from '@mantine/core';
import { USER_MESSAGES } from '../../common/contract/errors';
import { authClient } from './auth-client';
import { EmailField, ViewLink } from './sign-in-fields';
import { hasEmail, type SignInViewProps } from './sign-in-view';

export function ForgottenPasswordForm({ form, auth, go }: SignInViewProps) {
  const sendReset = async ({ email }: typeof form.values) => {
    if (!hasEmail({ form, auth })) return;
    await auth.run(
      () =>
        authClient.requestPasswordReset({
          email,
          redirectTo: `${window.location.origin}/?view=update_password`,
        }),
      () => auth.setMessage(USER_MESSAGES.passwordResetSent),
    );
  };
  return (
    <form onSubmit={form.onSubmit(sendReset)}>
      <Stack>
        <EmailField form={form} />
        <Button type="submit" loading={auth.isBusy}>
          Send reset password instructions
        </Button>
        <ViewLink go={go} to="sign_in" label="Already have an account? Sign in" />
      </Stack>
    </form>
  );
}
