// The pattern every auth form follows: run a better-auth call, stay busy while it runs, show its failure in
// a danger box, or go on with its answer. The sign-in panel and the account page share it.
import { useState } from 'react';

export type AuthError = { message?: string; status?: number; code?: string };
type AuthAnswer<T> = { data?: T | null; error?: AuthError | null } | null | undefined;

const SOMETHING_WENT_WRONG = 'Something went wrong. Try again.';

/** What the sign-in panel says for a refused call. */
export function authErrorMessage(error: AuthError): string {
  // An account lockout says how long to wait; the per-address limit does not.
  if (error.status === 429 && error.code !== 'ACCOUNT_LOCKED')
    return 'Too many attempts. Wait a minute and try again.';
  return error.message || SOMETHING_WENT_WRONG;
}

export type AuthAction = ReturnType<typeof useAuthAction>;

/** `initial` carries what a link from an email already had to say (an expired link, a confirmed address). */
export function useAuthAction(initial: { error?: string | null; message?: string | null } = {}) {
  const [isBusy, setIsBusy] = useState(false);
  const [error, setError] = useState<string | null>(initial.error ?? null);
  const [message, setMessage] = useState<string | null>(initial.message ?? null);

  /** A failure, whether refused by the server or thrown by onSuccess, ends in the danger box. */
  const run = async <T>(
    call: () => Promise<AuthAnswer<T>>,
    onSuccess: (data: T) => unknown,
    describe: (error: AuthError) => string = authErrorMessage,
  ) => {
    setIsBusy(true);
    setError(null);
    setMessage(null);
    try {
      const result = await call();
      if (result?.error) setError(describe(result.error));
      else await onSuccess(result?.data as T);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : SOMETHING_WENT_WRONG);
    } finally {
      setIsBusy(false);
    }
  };

  const clear = () => {
    setError(null);
    setMessage(null);
  };

  return { run, isBusy, error, setError, message, setMessage, clear };
}
