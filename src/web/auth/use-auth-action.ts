// The pattern every auth form follows: run a better-auth call, stay busy while it runs, show its failure in
// a danger box, or go on with its answer. The sign-in panel and the account page share it.
import { useState } from 'react';
import { type AuthError, authErrorMessage, SOMETHING_WENT_WRONG } from './auth-messages';

type AuthAnswer<T> = { data?: T | null; error?: AuthError | null } | null | undefined;

export type AuthAction = ReturnType<typeof useAuthAction>;

/** `initial` carries what a link from an email already had to say (an expired link, a confirmed address). */
export function useAuthAction(initial: { error?: string | null; message?: string | null } = {}) {
  const [isBusy, setIsBusy] = useState(false);
  const [error, setError] = useState<string | null>(initial.error ?? null);
  const [message, setMessage] = useState<string | null>(initial.message ?? null);
  /** better-auth's code for the last refusal, so a form can offer what fits it (e.g. resending a link). */
  const [errorCode, setErrorCode] = useState<string | null>(null);

  /** A failure, whether refused by the server or thrown by onSuccess, ends in the danger box. */
  const run = async <T>(
    call: () => Promise<AuthAnswer<T>>,
    onSuccess: (data: T) => unknown,
    describe: (error: AuthError) => string = authErrorMessage,
  ) => {
    setIsBusy(true);
    setError(null);
    setErrorCode(null);
    setMessage(null);
    try {
      const result = await call();
      if (result?.error) {
        setError(describe(result.error));
        setErrorCode(result.error.code ?? null);
      } else await onSuccess(result?.data as T);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : SOMETHING_WENT_WRONG);
    } finally {
      setIsBusy(false);
    }
  };

  const clear = () => {
    setError(null);
    setErrorCode(null);
    setMessage(null);
  };

  return { run, isBusy, error, errorCode, setError, message, setMessage, clear };
}
