// A confirmed, signed-in user of an app running in another process, made over real HTTP: sign up, confirm
// with the link from the dev outbox (loopback only), sign in, and call functions with the bearer token.
// No test-framework imports, so a bench can use it too.
import { randomBytes } from 'node:crypto';
import type { FunctionName, FunctionRequest } from '../../src/common/contract/functions';
import { outboxEntries } from './dev-outbox';

export type HttpUser = {
  email: string;
  token: string;
  /** Posts a body the contract accepts; read the Response with answerOf/readResult (./answers). */
  call: <N extends FunctionName>(name: N, body: FunctionRequest<N>) => Promise<Response>;
};

export async function signUpOverHttp(
  baseUrl: string,
  options: { origin?: string; clientAddress?: string; timeoutMs?: number } = {},
): Promise<HttpUser> {
  const email = `user-${randomBytes(5).toString('hex')}@example.com`;
  const password = `Correct-horse-${randomBytes(6).toString('hex')}`;
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    origin: options.origin ?? baseUrl,
    ...(options.clientAddress ? { 'x-forwarded-for': options.clientAddress } : {}),
  };
  const post = (path: string, body: unknown) =>
    fetch(`${baseUrl}/api/auth${path}`, { method: 'POST', headers, body: JSON.stringify(body) });

  const signUp = await post('/sign-up/email', { email, password, name: 'Test' });
  if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
  // The confirmation mail goes through the job queue, so it arrives in the outbox a moment later.
  const deadline = Date.now() + (options.timeoutMs ?? 20_000);
  let link: string | undefined;
  while (!link) {
    const outbox = outboxEntries.parse(await (await fetch(`${baseUrl}/dev/outbox.json`)).json());
    link = outbox.find((entry) => entry.to === email)?.links.find((l) => l.includes('/verify-email'));
    if (link) break;
    if (Date.now() > deadline) throw new Error(`No confirmation mail for ${email} in the dev outbox`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const confirmed = await fetch(link, { headers, redirect: 'manual' });
  if (confirmed.status >= 400) throw new Error(`confirmation failed: ${confirmed.status}`);

  const signIn = await post('/sign-in/email', { email, password });
  const token = signIn.headers.get('set-auth-token');
  if (!signIn.ok || !token) throw new Error(`sign-in failed: ${signIn.status} ${await signIn.text()}`);
  const call = <N extends FunctionName>(name: N, body: FunctionRequest<N>) =>
    fetch(`${baseUrl}/functions/v1/${name}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
  return { email, token, call };
}
