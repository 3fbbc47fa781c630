// Who is calling a function, checked before anything else (even the function's name).
// A bearer token cannot be sent by another site's form or script without our CORS consent, so it is taken
// as it is: a session token, or an API key ("cl_…") with its scopes. A session cookie is sent by the
// browser on any request to us, including a text/plain form post from a sibling subdomain or another port
// (SameSite=Lax does not stop those), so a cookie-only call must come from a trusted origin with
// Content-Type: application/json, which no plain form can send.

import type { ApiKeyScope } from '../../common/contract/functions/api-keys';
import { WORKSPACE_HEADER, workspaceId } from '../../common/contract/functions/workspaces';
import { authenticateApiKey, isApiKey } from '../domain/api-keys/api-keys';
import type { FunctionServices } from '../functions/types';
import { AppError } from '../leaves/app-error/app-error';
import { type Membership, requireMembership } from '../leaves/ownership/membership';

/**
 * A signed-in person, or an API key acting as the member who made it with only its scopes; either way, the
 * workspace the call acts in and the caller's role there.
 */
export type FunctionSession = {
  user: { id: string };
  apiKey?: { id: number; scopes: ApiKeyScope[] };
  member: Membership;
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
    // A key acts in its own workspace, whatever header it sends, and as its maker: a maker who was removed
    // has had their keys revoked, and this refuses one that slipped through.
    const member = await requireMembership(services.db, caller.userId, caller.workspaceId).catch(() => {
      throw new AppError('unauthorized', 'The API key is not valid: its maker is no longer a member.');
    });
    return { user: { id: caller.userId }, apiKey: { id: caller.apiKeyId, scopes: caller.scopes }, member };
  }
  const hasBearer = /^Bearer\s+\S/i.test(headers.get('authorization') ?? '');
  if (!hasBearer && !headers.get('cookie')) throw new AppError('unauthorized', 'Sign in to continue.');
  if (!hasBearer) await refuseCrossSite(services, headers);
  const session = await services.auth.api.getSession({ headers });
  if (!session) throw new AppError('unauthorized', 'Sign in to continue.');
  const member = await requireMembership(
    services.db,
    session.user.id,
    namedWorkspace(headers, session.user.id),
  );
  return { user: { id: session.user.id }, member };
}

/** The workspace the X-Workspace-Id header names; without it, the person's own (its id is theirs). */
function namedWorkspace(headers: Headers, userId: string): string {
  const named = headers.get(WORKSPACE_HEADER);
  if (named === null) return userId;
  const parsed = workspaceId.safeParse(named);
  if (!parsed.success)
    throw new AppError('bad_input', `${WORKSPACE_HEADER}: ${parsed.error.issues[0]?.message}`);
  return parsed.data;
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
