// verify_otp: mails a one-time code, then signs in with it.
import { Anchor, Button, Stack, TextInput } from '@mantine/core';
import { USER_MESSAGES } from '../../common/contract/errors';
import { authClient } from './auth-client';
import { EmailField, ViewLink } from './sign-in-fields';
import { afterFirstFactor, hasEmail, type SignInViewProps } from './sign-in-view';

export function OneTimeCodeForm(props: SignInViewProps) {
  const { form, auth, go } = props;
  const { otpSent } = form.values;
  const sendOtp = async () => {
    if (!hasEmail({ form, auth })) return;
    await auth.run(
      () => authClient.emailOtp.sendVerificationOtp({ email: form.values.email, type: 'sign-in' }),
      () => {
        form.setFieldValue('otpSent', true);
        auth.setMessage(USER_MESSAGES.otpSent);
      },
    );
  };
  const verifyOtp = ({ email, code }: typeof form.values) =>
    auth.run(() => authClient.signIn.emailOtp({ email, otp: code.trim() }), afterFirstFactor(props));
  return (
    <form onSubmit={form.onSubmit(otpSent ? verifyOtp : sendOtp)}>
      <Stack>
        <EmailField form={form} />
        {otpSent && (
          <TextInput
            label="One-time code"
            inputMode="numeric"
            autoComplete="one-time-code"
            {...form.getInputProps('code')}
            required
          />
        )}
        <Button type="submit" loading={auth.isBusy}>
          {otpSent ? 'Verify code' : 'Send code'}
        </Button>
        {otpSent && (
          <Anchor component="button" type="button" size="sm" onClick={() => void sendOtp()}>
            Send a new code
          </Anchor>
        )}
        <ViewLink go={go} to="sign_in" label="Already have an account? Sign in" />
      </Stack>
    </form>
  );
}
