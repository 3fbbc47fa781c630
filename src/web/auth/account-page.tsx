// Account: two-factor sign-in with an authenticator app (enrol with a QR code and backup codes; turn off
// after re-entering the password).
import {
  Alert,
  Badge,
  Button,
  Code,
  Group,
  Image,
  List,
  Paper,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import QRCode from 'qrcode';
import { type FormEvent, useState } from 'react';
import { authClient } from './auth-client';

type Enrolment = { totpUri: string; secret: string; qrDataUrl: string; backupCodes: string[] };

export function AccountPage({ onChanged }: { onChanged: () => void }) {
  const session = authClient.useSession();
  const user = session.data?.user as { email: string; twoFactorEnabled?: boolean | null } | undefined;
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const isEnabled = Boolean(user?.twoFactorEnabled);

  const guard = (handler: () => Promise<void>) => async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await handler();
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : 'Something went wrong. Try again.');
    } finally {
      setBusy(false);
    }
  };

  const startEnrolment = guard(async () => {
    const result = await authClient.twoFactor.enable({ password, method: 'totp' });
    if (result.error) throw new Error(result.error.message ?? 'Could not start two-factor set-up.');
    if (result.data.method !== 'totp') throw new Error('The server did not return an authenticator set-up.');
    const totpUri = result.data.totpURI;
    const secret = new URL(totpUri).searchParams.get('secret') ?? '';
    setEnrolment({
      totpUri,
      secret,
      qrDataUrl: await QRCode.toDataURL(totpUri, { margin: 1, width: 200 }),
      backupCodes: result.data.backupCodes,
    });
    setPassword('');
  });

  const confirmEnrolment = guard(async () => {
    const result = await authClient.twoFactor.verifyTotp({ code: code.trim() });
    if (result.error) throw new Error(result.error.message ?? 'That code did not match.');
    setEnrolment(null);
    setCode('');
    notifications.show({ color: 'teal', message: 'Two-factor sign-in is on.' });
    onChanged();
  });

  const disable = guard(async () => {
    const result = await authClient.twoFactor.disable({ password });
    if (result.error) throw new Error(result.error.message ?? 'Could not turn two-factor sign-in off.');
    setPassword('');
    notifications.show({ color: 'teal', message: 'Two-factor sign-in is off.' });
    onChanged();
  });

  return (
    <Stack maw={720}>
      <Title order={1}>Account</Title>
      <Text>
        Signed in as <strong>{user?.email}</strong>
      </Text>
      <Paper withBorder p="lg">
        <Stack>
          <Group justify="space-between">
            <Title order={3}>Two-factor sign-in</Title>
            <Badge color={isEnabled ? 'teal' : 'gray'}>{isEnabled ? 'On' : 'Off'}</Badge>
          </Group>
          {error && (
            <Alert color="red" variant="light" role="alert">
              {error}
            </Alert>
          )}
          {!isEnabled && !enrolment && (
            <form onSubmit={startEnrolment}>
              <Stack>
                <Text size="sm">
                  Ask for a code from an authenticator app (1Password, Google Authenticator, Authy…) each time
                  you sign in. Enter your password to begin.
                </Text>
                <PasswordInput
                  label="Password"
                  autoComplete="current-password"
                  value={password}
                  onChange={(e) => setPassword(e.currentTarget.value)}
                  required
                />
                <Button type="submit" loading={busy} w="fit-content">
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
                    <Code data-testid="totp-secret">{enrolment.secret}</Code>
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
                  value={code}
                  onChange={(e) => setCode(e.currentTarget.value)}
                  required
                />
                <Group>
                  <Button type="submit" loading={busy}>
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
                <PasswordInput
                  label="Password"
                  autoComplete="current-password"
                  value={password}
                  onChange={(e) => setPassword(e.currentTarget.value)}
                  required
                />
                <Button type="submit" color="red" variant="light" loading={busy} w="fit-content">
                  Turn off two-factor sign-in
                </Button>
              </Stack>
            </form>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
