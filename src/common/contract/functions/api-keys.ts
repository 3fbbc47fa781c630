// The contract's API key functions: create (the key is in this one answer only), list and revoke.
// Only a signed-in person may call them: an API key cannot manage keys.
import { z } from 'zod';
import { id, noBody } from './schema-parts';

/** What a key may do: read (list, view, export), write (bundles, workflows, copy, review), run, push. */
export const API_KEY_SCOPES = ['read', 'write', 'run', 'push'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

export const API_KEY_LIMITS = { maxNameLength: 100, maxExpiresInDays: 3650, maxKeysPerUser: 50 } as const;

export const apiKeySchema = z.object({
  id,
  name: z.string(),
  /** The key's first characters, to recognise it by; not enough to use it. */
  prefix: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  /** The member who made it, by name: the key acts as them, with no more than their role. */
  created_by: z.string(),
  created_at: z.string(),
  expires_at: z.string().nullable(),
  last_used_at: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const apiKeyFunctions = {
  'create-api-key': {
    request: z.object({
      name: z
        .string()
        .trim()
        .min(1, 'name must not be empty')
        .max(API_KEY_LIMITS.maxNameLength, `name must be at most ${API_KEY_LIMITS.maxNameLength} characters`),
      scopes: z
        .array(z.enum(API_KEY_SCOPES, { error: 'scopes may hold read, write, run and push' }))
        .min(1, 'scopes must name at least one of read, write, run and push'),
      expires_in_days: z
        .number()
        .int('expires_in_days must be a whole number')
        .min(1, 'expires_in_days must be at least 1')
        .max(
          API_KEY_LIMITS.maxExpiresInDays,
          `expires_in_days must be at most ${API_KEY_LIMITS.maxExpiresInDays}`,
        )
        .optional(),
    }),
    /** `key` is shown this once: only its hash is kept. */
    response: z.object({ key: z.string(), api_key: apiKeySchema }),
  },
  'list-api-keys': {
    request: noBody,
    /** The keys not revoked, newest first (expired ones too, marked by expires_at). */
    response: z.object({ api_keys: z.array(apiKeySchema) }),
  },
  'revoke-api-key': {
    request: z.object({ api_key_id: id }),
    response: z.object({ revoked: z.literal(true) }),
  },
} as const;
