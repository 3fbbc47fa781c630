// Who is calling a function, checked before anything else (even the function's name).
// A bearer token cannot be sent by another site's form or script without our CORS consent, so it is taken
// as it is: a session token, or an API key ("cl_…") with its scopes. A session cookie is sent by the
// browser on any request to us, including a text/plain form post from a sibling subdomain or another port
// (SameSite=Lax does not stop those), so a cookie-only call must come from a trusted origin with
// Content-Type: application/json, which no plain form can send.

import type { ApiKeyScope } from '../../common/contract/functions/api-keys';
import { authenticateApiKey, isApiKey } from '../domain/api-keys/api-keys';
import type { FunctionServices } from '../functions/types';
import { AppError } from '../leaves/app-error/app-error';

/** A signed-in person, or an API key acting for its owner with only its scopes. */
export type FunctionSession = {
  user: { id: string };
  apiKey?: { id: number; scopes: ApiKeyScope[] };
};

/** The token of an `Authorization: Bearer …` header, if the request has one. */
export function bearerToken(headers: Headers): string | undefined {
  return /^Bearer\s+(\S+)\s*$/i.exec(headers.get('authorization') ?? '')?.[1];
}

export async function authenticate(services: FunctionServices, request: Request): Promise<FunctionSession> {
  const { headers } = request;
  const bearer = bearerToken(headers);
  if (bearer && isApiKey(bearer)) {
    const caller = await authenticateApiKey(services.db, bearer, services.config.API_KEY_RATE_PER_MINUTE);
    return { user: { id: caller.userId }, apiKey: { id: caller.apiKeyId, scopes: caller.scopes } };
  }
  const hasBearer = /^Bearer\s+\S/i.test(headers.get('authorization') ?? '');
  if (!hasBearer && !headers.get('cookie')) throw new AppError('unauthorized', 'Sign in to continue.');
  if (!hasBearer) await refuseCrossSite(services, headers);
  const session = await services.auth.api.getSession({ headers });
  if (!session) throw new AppError('unauthorized', 'Sign in to continue.');
  return session;
}

async function refuseCrossSite(services: FunctionServices, headers: Headers): Promise<void> {
  const origin = headers.get('origin');
  const context = await services.auth.$context;
  if (!origin || origin === 'null' || !context.isTrustedOrigin(origin)) {
    throw new AppError(
      'forbidden',
      `A call signed in with a cookie must come from this app's own page: the Origin ${origin ? `"${origin}" ` : ''}is not ${services.config.APP_URL} or another trusted origin.`,
    );
  }
  const mediaType = headers.get('content-type')?.split(';')[0]?.trim().toLowerCase();
  if (mediaType !== 'application/json') {
    throw new AppError(
      'forbidden',
      'A call signed in with a cookie must send Content-Type: application/json.',
    );
  }
}
