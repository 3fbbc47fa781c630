// Two-factor sign-in with an authenticator app: enrol (the password, then a QR code and backup codes, then a
// code from the app to confirm), or turn it off after re-entering the password.
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import QRCode from 'qrcode';
import { useState } from 'react';
import { authClient } from '../auth/auth-client';
import { useAuthAction } from '../auth/use-auth-action';

export type Enrolment = { totpUri: string; secret: string; qrDataUrl: string; backupCodes: string[] };

// The server's own words, else what was being tried.
const orSaying = (fallback: string) => (error: { message?: string }) => error.message ?? fallback;

export function useTwoFactor(onChanged: () => void) {
  const form = useForm({ initialValues: { password: '', code: '' } });
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const auth = useAuthAction();

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

  const cancelEnrolment = () => setEnrolment(null);
  return { form, enrolment, auth, startEnrolment, confirmEnrolment, cancelEnrolment, disable };
}

export type TwoFactor = ReturnType<typeof useTwoFactor>;
