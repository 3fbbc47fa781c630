// Account: two-factor sign-in with an authenticator app (enrol with a QR code and backup codes; turn off
// after re-entering the password), and this month's spend on the server's key against the monthly budget.
import {
  Alert,
  Badge,
  Button,
  Code,
  Group,
  Image,
  List,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import QRCode from 'qrcode';
import { useState } from 'react';
import { ApiKeysPanel } from '../account/api-keys-panel';
import { WebhooksPanel } from '../account/webhooks-panel';
import { ConnectedStores } from '../stores/connected-stores';
import { usePageTitle } from '../ui/use-page-title';
import { authClient } from './auth-client';
import { MonthSpend } from './month-spend';
import { PasswordField } from './sign-in-fields';
import { useAuthAction } from './use-auth-action';

type Enrolment = { totpUri: string; secret: string; qrDataUrl: string; backupCodes: string[] };

export function AccountPage({ onChanged }: { onChanged: () => void }) {
  usePageTitle('Account');
  const session = authClient.useSession();
  const user = session.data?.user as { email: string; twoFactorEnabled?: boolean | null } | undefined;
  const form = useForm({ initialValues: { password: '', code: '' } });
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const auth = useAuthAction();
  const isEnabled = Boolean(user?.twoFactorEnabled);
  // The server's own words, else what was being tried.
  const orSaying = (fallback: string) => (error: { message?: string }) => error.message ?? fallback;

  const startEnrolment = form.onSubmit(({ password }) =>
    auth.run(
      () => authClient.twoFactor.enable({ password, method: 'totp' }),
      async (data) => {
        if (data.method !== 'totp') throw new Error('The server did not return an authenticator set-up.');
        const totpUri = data.totpURI;
        const secret = new URL(totpUri).searchParams.get('secret') ?? '';
        setEnrolment({
          totpUri,
          secret,
          qrDataUrl: await QRCode.toDataURL(totpUri, { margin: 1, width: 200 }),
          backupCodes: data.backupCodes,
        });
        form.setFieldValue('password', '');
      },
      orSaying('Could not start two-factor set-up.'),
    ),
  );

  const confirmEnrolment = form.onSubmit(({ code }) =>
    auth.run(
      () => authClient.twoFactor.verifyTotp({ code: code.trim() }),
      () => {
        setEnrolment(null);
        form.setFieldValue('code', '');
        notifications.show({ color: 'teal', message: 'Two-factor sign-in is on.' });
        onChanged();
      },
      orSaying('That code did not match.'),
    ),
  );

  const disable = form.onSubmit(({ password }) =>
    auth.run(
      () => authClient.twoFactor.disable({ password }),
      () => {
        form.setFieldValue('password', '');
        notifications.show({ color: 'teal', message: 'Two-factor sign-in is off.' });
        onChanged();
      },
      orSaying('Could not turn two-factor sign-in off.'),
    ),
  );

  return (
    <Stack maw={720}>
      <Title order={1}>Account</Title>
      <Text>
        Signed in as <strong>{user?.email}</strong>
      </Text>
      <Text size="sm" c="dimmed">
        Changing your password or email address, or turning two-factor sign-in on or off, signs out every
        other session of this account; this one stays signed in.
      </Text>
      <MonthSpend />
      <Paper withBorder p="lg">
        <Stack>
          <Group justify="space-between">
            <Title order={3}>Two-factor sign-in</Title>
            <Badge color={isEnabled ? 'teal' : 'gray'}>{isEnabled ? 'On' : 'Off'}</Badge>
          </Group>
          {auth.error && (
            <Alert color="red" variant="light" role="alert">
              {auth.error}
            </Alert>
          )}
          {!isEnabled && !enrolment && (
            <form onSubmit={startEnrolment}>
              <Stack>
                <Text size="sm">
                  Ask for a code from an authenticator app (1Password, Google Authenticator, Authy…) each time
                  you sign in. Enter your password to begin.
                </Text>
                <PasswordField form={form} label="Password" />
                <Button type="submit" loading={auth.isBusy} w="fit-content">
                  Set up two-factor sign-in
                </Button>
              </Stack>
            </form>
          )}
          {enrolment && (
            <form onSubmit={confirmEnrolment}>
              <Stack>
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <Stack gap="xs">
                    <Text size="sm">1. Scan this QR code with your authenticator app.</Text>
                    <Image
                      src={enrolment.qrDataUrl}
                      alt="QR code for your authenticator app"
                      w={200}
                      h={200}
                    />
                    <Text size="sm">Or enter this key by hand:</Text>
                    {/* A block that wraps: the whole key stays readable in a narrow column (issue 22). */}
                    <Code
                      block
                      data-testid="totp-secret"
                      style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', maxWidth: 320 }}
                    >
                      {enrolment.secret}
                    </Code>
                  </Stack>
                  <Stack gap="xs">
                    <Text size="sm">2. Save these backup codes somewhere safe. Each works once.</Text>
                    <List size="sm" data-testid="backup-codes" ff="monospace">
                      {enrolment.backupCodes.map((backupCode) => (
                        <List.Item key={backupCode}>{backupCode}</List.Item>
                      ))}
                    </List>
                  </Stack>
                </SimpleGrid>
                <TextInput
                  label="3. Enter the 6-digit code from the app"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  {...form.getInputProps('code')}
                  required
                />
                <Group>
                  <Button type="submit" loading={auth.isBusy}>
                    Turn on
                  </Button>
                  <Button variant="default" onClick={() => setEnrolment(null)}>
                    Cancel
                  </Button>
                </Group>
              </Stack>
            </form>
          )}
          {isEnabled && (
            <form onSubmit={disable}>
              <Stack>
                <Text size="sm">To turn two-factor sign-in off, enter your password.</Text>
                <PasswordField form={form} label="Password" />
                <Button type="submit" color="red" variant="light" loading={auth.isBusy} w="fit-content">
                  Turn off two-factor sign-in
                </Button>
              </Stack>
            </form>
          )}
        </Stack>
      </Paper>
      <ApiKeysPanel />
      <WebhooksPanel />
      <ConnectedStores />
    </Stack>
  );
}
