// The headers the route reads and sends besides the body, as reusable components: an operation refers to the
// ones its function takes or answers with (operation.ts), so a generated client has each one typed.
import { IDEMPOTENCY_KEY_PATTERN } from '../../leaves/idempotency/idempotency';

const ref = (kind: 'headers' | 'parameters', name: string) => ({ $ref: `#/components/${kind}/${name}` });

export const HEADER_COMPONENTS = {
  RetryAfter: {
    required: true,
    description: 'Seconds until the caller may call again.',
    schema: { type: 'integer', minimum: 0 },
  },
  IdempotentReplayed: {
    description:
      'Sent on a replay: the same Idempotency-Key and body came before, and this is the first answer again (nothing new was created).',
    schema: { type: 'string', enum: ['true'] },
  },
  ContentDisposition: {
    required: true,
    description: 'The file name, naming the bundle: `attachment; filename="…"`.',
    schema: { type: 'string' },
  },
  ETag: {
    required: true,
    description:
      'The run view as of this answer; send it back as `If-None-Match` to get 304 when nothing changed.',
    schema: { type: 'string' },
  },
  CacheControl: { description: 'How long the answer may be kept.', schema: { type: 'string' } },
} as const;

export const PARAMETER_COMPONENTS = {
  IdempotencyKey: {
    name: 'Idempotency-Key',
    in: 'header',
    required: false,
    description:
      'The same key and body within 24 hours answer as the first call (with `Idempotent-Replayed: true`) and create nothing new; the same key with another body, or while the first call runs, is 409 `conflict`. 1 to 255 visible ASCII characters (a UUID, say).',
    schema: { type: 'string', minLength: 1, maxLength: 255, pattern: IDEMPOTENCY_KEY_PATTERN },
  },
  ResponseFormat: {
    name: 'X-Response-Format',
    in: 'header',
    required: true,
    description:
      'Asks for the answer as bytes: a function that answers with a file or an image refuses a call without it (400 `bad_input`).',
    schema: { type: 'string', enum: ['Uint8Array'] },
  },
  WorkspaceId: {
    name: 'X-Workspace-Id',
    in: 'header',
    required: false,
    description:
      'The workspace a signed-in call acts in (an id from `list-workspaces`); without it, your personal workspace. An API key acts in its own workspace and ignores it. A workspace you are not a member of answers 404 `unknown_workspace`; one you were removed from, 403.',
    schema: { type: 'string', maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' },
  },
  IfNoneMatch: {
    name: 'If-None-Match',
    in: 'header',
    required: false,
    description: 'The `ETag` of an earlier answer: 304 with no body when the run has not changed since.',
    schema: { type: 'string' },
  },
} as const;

export const header = (name: keyof typeof HEADER_COMPONENTS) => ref('headers', name);
export const parameter = (name: keyof typeof PARAMETER_COMPONENTS) => ref('parameters', name);
