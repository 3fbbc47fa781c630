// The sign-in panel (SPEC §2, §4): sign_in, sign_up, forgotten_password, magic_link, update_password,
// verify_otp, plus the two-factor challenge that follows any sign-in when TOTP is on. Each view is its own
// form; the panel holds what they share: the values typed so far, the busy state and the messages.
import { Alert, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type ReactNode, useState } from 'react';
import { MAIN_CONTENT_ID, SkipLink } from '../ui/skip-link';
import { usePageTitle } from '../ui/use-page-title';
import { ForgottenPasswordForm } from './forgotten-password-form';
import { MagicLinkForm } from './magic-link-form';
import { OneTimeCodeForm } from './one-time-code-form';
import { SignInForm, useSocialProviders } from './sign-in-form';
import { clearLinkParameters, readSignInLink } from './sign-in-link';
import { type SignInValues, type SignInView, type SignInViewProps, VIEW_TITLES } from './sign-in-view';
import { SignUpForm } from './sign-up-form';
import { TwoFactorForm } from './two-factor-form';
import { UpdatePasswordForm } from './update-password-form';
import { useAuthAction } from './use-auth-action';

export function SignInPanel({ onSignedIn }: { onSignedIn: () => void }) {
  const [link] = useState(readSignInLink);
  const socialProviders = useSocialProviders();
  const [view, setView] = useState<SignInView>(link.view);
  usePageTitle(VIEW_TITLES[view]);
  const auth = useAuthAction({ error: link.error, message: link.notice });
  const form = useForm<SignInValues>({
    initialValues: { email: '', password: '', code: '', otpSent: false, useBackupCode: false },
  });

  const go = (next: SignInView) => {
    setView(next);
    auth.clear();
    form.setFieldValue('code', '');
    clearLinkParameters();
  };

  const props: SignInViewProps = { form, auth, go, onSignedIn };
  const forms: Record<SignInView, () => ReactNode> = {
    sign_in: () => <SignInForm {...props} socialProviders={socialProviders} />,
    sign_up: () => <SignUpForm {...props} />,
    forgotten_password: () => <ForgottenPasswordForm {...props} />,
    magic_link: () => <MagicLinkForm {...props} />,
    update_password: () => <UpdatePasswordForm {...props} token={link.token} />,
    verify_otp: () => <OneTimeCodeForm {...props} />,
    two_factor: () => <TwoFactorForm {...props} />,
  };

  return (
    <>
      <SkipLink />
      <Center component="main" id={MAIN_CONTENT_ID} tabIndex={-1} mih="100vh" p="md">
        <Paper withBorder shadow="sm" p="xl" w={400} maw="100%">
          <Stack>
            <div>
              <Title order={2}>Copyloom</Title>
              <Text c="dimmed" size="sm">
                {VIEW_TITLES[view]}
              </Text>
            </div>
            {auth.error && (
              <Alert color="red" variant="light" role="alert" title="There was a problem">
                {auth.error}
              </Alert>
            )}
            {auth.message && (
              <Alert color="teal" variant="light" role="status">
                {auth.message}
              </Alert>
            )}
            {forms[view]()}
          </Stack>
        </Paper>
      </Center>
    </>
  );
}
