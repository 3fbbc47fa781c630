// update_password: opened from the reset email, whose token it needs; then back to sign_in (SPEC §4).
import { Button, Stack, Text } from '@mantine/core';
import { USER_MESSAGES } from '../../common/contract/errors';
import { authClient } from './auth-client';
import { PasswordField, ViewLink } from './sign-in-fields';
import type { SignInViewProps } from './sign-in-view';

export function UpdatePasswordForm({ form, auth, go, token }: SignInViewProps & { token: string | null }) {
  const updatePassword = ({ password }: typeof form.values) =>
    auth.run(
      () => authClient.resetPassword({ newPassword: password, token: token ?? '' }),
      () => {
        go('sign_in');
        form.setFieldValue('password', '');
        auth.setMessage(USER_MESSAGES.passwordUpdated);
      },
    );
  return (
    <form onSubmit={form.onSubmit(updatePassword)}>
      <Stack>
        <PasswordField form={form} label="New password" isNew />
        <Button type="submit" loading={auth.isBusy} disabled={!token}>
          Update password
        </Button>
        {!token && (
          <Text size="sm" c="dimmed">
            Open the link from the password reset email to choose a new password.
          </Text>
        )}
        <ViewLink go={go} to="sign_in" label="Back to sign in" />
      </Stack>
    </form>
  );
}
