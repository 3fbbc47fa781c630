// two_factor: the challenge that follows any first factor while TOTP is on; a backup code works instead.
import { Button, Checkbox, Stack, Text, TextInput } from '@mantine/core';
import { authClient } from './auth-client';
import { ViewLink } from './sign-in-fields';
import type { SignInViewProps } from './sign-in-view';

export function TwoFactorForm({ form, auth, go, onSignedIn }: SignInViewProps) {
  const { useBackupCode } = form.values;
  const verify = ({ code }: typeof form.values) =>
    auth.run(
      () =>
        useBackupCode
          ? authClient.twoFactor.verifyBackupCode({ code: code.trim() })
          : authClient.twoFactor.verifyTotp({ code: code.trim() }),
      onSignedIn,
    );
  return (
    <form onSubmit={form.onSubmit(verify)}>
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
          {...form.getInputProps('code')}
          required
          data-autofocus
        />
        <Button type="submit" loading={auth.isBusy}>
          Verify
        </Button>
        <Checkbox
          label="Use a backup code instead"
          {...form.getInputProps('useBackupCode', { type: 'checkbox' })}
        />
        <ViewLink go={go} to="sign_in" label="Back to sign in" />
      </Stack>
    </form>
  );
}
