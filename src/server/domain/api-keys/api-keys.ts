// API keys, our own small module rather than better-auth's plugin: the keys are called through
// our contract's functions (not /api/auth), carry our four scopes, and answer with our error body and a
// Retry-After. A key is "cl_" and 32 random bytes (base64url), shown once; only its SHA-256 is stored.
import { createHash, randomBytes } from 'node:crypto';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { API_KEY_LIMITS, type ApiKey, type ApiKeyScope } from '../../../common/contract/functions/api-keys';
import type { Queryable } from '../../db/client';
import { apiKeys, user } from '../../db/schema';
import { AppError, RateLimited } from '../../leaves/app-error/app-error';
import { liveApiKeyOf } from '../../leaves/ownership/conditions';
import type { Membership } from '../../leaves/ownership/membership';
import { roleMay } from '../../leaves/ownership/roles';

export const API_KEY_PREFIX = 'cl_';
const KEY_BYTES = 32;
/** Shown beside the name: "cl_" and 8 characters of the key, 48 bits of its 256: enough to tell keys apart. */
const SHOWN_PREFIX_LENGTH = API_KEY_PREFIX.length + 8;
/** How long a rate-limit window lasts. */
const WINDOW_SECONDS = 60;

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

export function isApiKey(token: string): boolean {
  return token.startsWith(API_KEY_PREFIX);
}

type ApiKeyRow = typeof apiKeys.$inferSelect;

function toApiKey(row: ApiKeyRow, createdBy: string): ApiKey {
  return {
    id: row.id,
    created_by: createdBy,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes as ApiKeyScope[],
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt?.toISOString() ?? null,
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
  };
}

/** A key for the member, acting in their workspace as them. */
export async function createApiKey(
  db: Queryable,
  member: Membership,
  input: { name: string; scopes: ApiKeyScope[]; expires_in_days?: number | undefined },
): Promise<{ key: string; api_key: ApiKey }> {
  const [held] = await db.select({ n: count() }).from(apiKeys).where(liveApiKeyOf(member.workspaceId));
  if ((held?.n ?? 0) >= API_KEY_LIMITS.maxKeysPerUser) {
    throw new AppError(
      'bad_input',
      `You have ${API_KEY_LIMITS.maxKeysPerUser} API keys, the most allowed; revoke one first.`,
    );
  }
  const key = `${API_KEY_PREFIX}${randomBytes(KEY_BYTES).toString('base64url')}`;
  const expiresAt = input.expires_in_days
    ? new Date(Date.now() + input.expires_in_days * 24 * 60 * 60 * 1000)
    : null;
  const [row] = await db
    .insert(apiKeys)
    .values({
      userId: member.userId,
      ownerId: member.workspaceId,
      name: input.name,
      prefix: key.slice(0, SHOWN_PREFIX_LENGTH),
      keyHash: hashApiKey(key),
      scopes: [...new Set(input.scopes)],
      expiresAt,
    })
    .returning();
  const [maker] = await db.select({ name: user.name }).from(user).where(eq(user.id, member.userId));
  return { key, api_key: toApiKey(row!, maker?.name ?? '') };
}

/** The workspace's live keys, each with the name of the member who made it. */
export async function listApiKeys(db: Queryable, workspaceId: string): Promise<ApiKey[]> {
  const rows = await db
    .select({ key: apiKeys, maker: user.name })
    .from(apiKeys)
    .innerJoin(user, eq(user.id, apiKeys.userId))
    .where(liveApiKeyOf(workspaceId))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return rows.map((row) => toApiKey(row.key, row.maker));
}

/** A member revokes their own keys; the owner any of the workspace's. Returns the key's prefix. */
export async function revokeApiKey(db: Queryable, member: Membership, apiKeyId: number): Promise<string> {
  const own = roleMay(member.role, 'manage') ? undefined : eq(apiKeys.userId, member.userId);
  const revoked = await db
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiKeys.id, apiKeyId), liveApiKeyOf(member.workspaceId), own))
    .returning({ id: apiKeys.id, prefix: apiKeys.prefix });
  if (!revoked[0]) throw new AppError('bad_input', `There is no API key ${apiKeyId} of yours.`);
  return revoked[0].prefix;
}

/** The member who made the key, the workspace it acts in, and its scopes. */
export type ApiKeyCaller = { userId: string; workspaceId: string; apiKeyId: number; scopes: ApiKeyScope[] };

/**
 * The caller a key names, counting this request against its window. A key that is unknown, revoked or
 * expired is 401; one past its requests per minute is 429 with the seconds until its window closes.
 */
export async function authenticateApiKey(
  db: Queryable,
  key: string,
  ratePerMinute: number,
): Promise<ApiKeyCaller> {
  const unauthorized = new AppError(
    'unauthorized',
    'The API key is not valid: it is unknown, revoked or expired.',
  );
  const open = sql`${apiKeys.rateWindowStart} > now() - make_interval(secs => ${WINDOW_SECONDS})`;
  // One statement: the key is checked and counted together, so concurrent requests cannot both slip under.
  const [row] = await db
    .update(apiKeys)
    .set({
      rateCount: sql`case when ${open} then ${apiKeys.rateCount} + 1 else 1 end`,
      rateWindowStart: sql`case when ${open} then ${apiKeys.rateWindowStart} else now() end`,
      lastUsedAt: sql`now()`,
    })
    .where(
      and(
        eq(apiKeys.keyHash, hashApiKey(key)),
        isNull(apiKeys.revokedAt),
        sql`(${apiKeys.expiresAt} is null or ${apiKeys.expiresAt} > now())`,
      ),
    )
    .returning({
      id: apiKeys.id,
      userId: apiKeys.userId,
      workspaceId: apiKeys.ownerId,
      scopes: apiKeys.scopes,
      rateCount: apiKeys.rateCount,
      retryAfter: sql<number>`ceil(extract(epoch from (${apiKeys.rateWindowStart} + make_interval(secs => ${WINDOW_SECONDS}) - now())))::int`,
    });
  if (!row) throw unauthorized;
  if (row.rateCount > ratePerMinute) {
    throw new RateLimited(
      Math.max(1, row.retryAfter),
      `This API key made more than ${ratePerMinute} requests in a minute; wait ${Math.max(1, row.retryAfter)} s.`,
    );
  }
  return {
    userId: row.userId,
    workspaceId: row.workspaceId,
    apiKeyId: row.id,
    scopes: row.scopes as ApiKeyScope[],
  };
}
