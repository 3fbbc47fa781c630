// magic_link: mails a sign-in link; a link that fails comes back to this view with its error.
import { Button, Stack } from '@mantine/core';
import { USER_MESSAGES } from '../../common/contract/errors';
import { authClient } from './auth-client';
import { EmailField, ViewLink } from './sign-in-fields';
import { hasEmail, type SignInViewProps } from './sign-in-view';

export function MagicLinkForm({ form, auth, go }: SignInViewProps) {
  const sendMagicLink = async ({ email }: typeof form.values) => {
    if (!hasEmail({ form, auth })) return;
    await auth.run(
      () =>
        authClient.signIn.magicLink({
          email,
          callbackURL: '/',
          errorCallbackURL: '/?view=magic_link',
        }),
      () => auth.setMessage(USER_MESSAGES.magicLinkSent),
    );
  };
  // The missing address gets our own message rather than the browser's.
  return (
    <form onSubmit={form.onSubmit(sendMagicLink)} noValidate>
      <Stack>
        <EmailField form={form} required={false} />
        <Button type="submit" loading={auth.isBusy}>
          Send magic link
        </Button>
        <ViewLink go={go} to="sign_in" label="Already have an account? Sign in" />
      </Stack>
    </form>
  );
}
