// The Account page's two-factor panel: on or off, and the one form that fits: set up, confirm, or turn off.
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
import { PasswordField } from '../auth/sign-in-fields';
import { type Enrolment, type TwoFactor, useTwoFactor } from './use-two-factor';

export function TwoFactorPanel({ isEnabled, onChanged }: { isEnabled: boolean; onChanged: () => void }) {
  const twoFactor = useTwoFactor(onChanged);
  const { auth, enrolment } = twoFactor;
  return (
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
        {!isEnabled && !enrolment && <StartEnrolmentForm twoFactor={twoFactor} />}
        {enrolment && <ConfirmEnrolmentForm twoFactor={twoFactor} enrolment={enrolment} />}
        {isEnabled && <DisableForm twoFactor={twoFactor} />}
      </Stack>
    </Paper>
  );
}

function StartEnrolmentForm({ twoFactor }: { twoFactor: TwoFactor }) {
  return (
    <form onSubmit={twoFactor.startEnrolment}>
      <Stack>
        <Text size="sm">
          Ask for a code from an authenticator app (1Password, Google Authenticator, Authy…) each time you
          sign in. Enter your password to begin.
        </Text>
        <PasswordField form={twoFactor.form} label="Password" />
        <Button type="submit" loading={twoFactor.auth.isBusy} w="fit-content">
          Set up two-factor sign-in
        </Button>
      </Stack>
    </form>
  );
}

function ConfirmEnrolmentForm({ twoFactor, enrolment }: { twoFactor: TwoFactor; enrolment: Enrolment }) {
  return (
    <form onSubmit={twoFactor.confirmEnrolment}>
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Stack gap="xs">
            <Text size="sm">1. Scan this QR code with your authenticator app.</Text>
            <Image src={enrolment.qrDataUrl} alt="QR code for your authenticator app" w={200} h={200} />
            <Text size="sm">Or enter this key by hand:</Text>
            {/* A block that wraps: the whole key stays readable in a narrow column. */}
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
          {...twoFactor.form.getInputProps('code')}
          required
        />
        <Group>
          <Button type="submit" loading={twoFactor.auth.isBusy}>
            Turn on
          </Button>
          <Button variant="default" onClick={twoFactor.cancelEnrolment}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function DisableForm({ twoFactor }: { twoFactor: TwoFactor }) {
  return (
    <form onSubmit={twoFactor.disable}>
      <Stack>
        <Text size="sm">To turn two-factor sign-in off, enter your password.</Text>
        <PasswordField form={twoFactor.form} label="Password" />
        <Button type="submit" color="red" variant="light" loading={twoFactor.auth.isBusy} w="fit-content">
          Turn off two-factor sign-in
        </Button>
      </Stack>
    </form>
  );
}
