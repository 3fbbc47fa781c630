// Shopify's Admin GraphQL API at a pinned version (https://shopify.dev/api/usage/versioning): one call, with
// the calculated-cost bucket honoured. A THROTTLED answer waits exactly until the bucket holds the query's
// cost (extensions.cost.throttleStatus), then asks again; 429 and 5xx wait for Retry-After or back off. No
// single wait is slept past MAX_STORE_WAIT_MS: a longer one fails the call at once, naming it.
// https://shopify.dev/docs/apps/build/apis/graphql-admin/rate-limits
import { z } from 'zod';
import {
  MAX_STORE_WAIT_MS,
  parseStoreAnswer,
  retryAfterMs,
  StoreApiError,
  waitAsAsked,
} from '../store-api-error';
import { type StoreNetwork, storeRequest } from '../store-request';

/**
 * A stable version, supported for at least 12 months after its release: 2026-07 until July 2027 at the
 * earliest. What the documents rely on beyond the schema the tests hold is listed, with its source, in
 * tests/support/shopify-admin-schema.ts.
 */
export const SHOPIFY_API_VERSION = '2026-07';

export type ShopifyConnection = {
  url: URL;
  accessToken: string;
  network: StoreNetwork;
  /**
   * Told the X-Shopify-API-Version of every answer that has one. Shopify answers a version it no longer
   * supports with the oldest one it does (https://shopify.dev/docs/api/usage/versioning#version-fall-forward):
   * the store must say when that happens rather than the app finding out from broken fields.
   */
  onApiVersion?: (answered: string) => void;
};

/** A GraphQL answer's envelope; its `data` is parsed with the caller's schema once there are no errors. */
const graphqlAnswer = z.object({
  data: z.unknown().optional(),
  errors: z
    .union([
      z.array(
        z.object({
          message: z.string(),
          extensions: z.object({ code: z.string().optional() }).optional(),
        }),
      ),
      z.string(),
    ])
    .optional(),
  extensions: z
    .object({
      cost: z
        .object({
          requestedQueryCost: z.number(),
          throttleStatus: z.object({ currentlyAvailable: z.number(), restoreRate: z.number() }),
        })
        .optional(),
    })
    .optional(),
});
type GraphqlAnswer = z.infer<typeof graphqlAnswer>;

/** How long a call may keep waiting on the bucket or the store before giving up. */
const MAX_WAIT_MS = 120_000;
const MAX_SERVER_RETRIES = 5;

/** One call; its answer's `data` parsed with `schema`, the shape the query asks for. */
export async function shopifyGraphql<S extends z.ZodType>(
  connection: ShopifyConnection,
  query: string,
  schema: S,
  variables: Record<string, unknown> = {},
  signal?: AbortSignal,
): Promise<z.output<S>> {
  const endpoint = new URL(`/admin/api/${SHOPIFY_API_VERSION}/graphql.json`, connection.url);
  const started = Date.now();
  for (let serverRetries = 0; ; ) {
    const response = await storeRequest(connection.network, endpoint, {
      method: 'POST',
      headers: { 'x-shopify-access-token': connection.accessToken },
      body: JSON.stringify({ query, variables }),
    });
    const answered = response.headers['x-shopify-api-version'];
    if (typeof answered === 'string' && answered) connection.onApiVersion?.(answered);
    if (response.status === 401 || response.status === 403) {
      throw new StoreApiError(
        'auth',
        'Shopify refused the access token (401): check the Admin API access token.',
      );
    }
    if (response.status === 429 || response.status >= 500) {
      if (++serverRetries > MAX_SERVER_RETRIES || Date.now() - started > MAX_WAIT_MS) {
        const kind = response.status === 429 ? 'throttled' : 'api';
        throw new StoreApiError(kind, `Shopify kept answering ${response.status}.`);
      }
      await waitAsAsked(retryAfterMs(response.headers['retry-after'], 1000 * 2 ** serverRetries), signal);
      continue;
    }
    const answer = parseAnswer(response.status, response.body);
    const errors = Array.isArray(answer.errors) ? answer.errors : [];
    if (errors.some((error) => error.extensions?.code === 'THROTTLED')) {
      const cost = answer.extensions?.cost;
      const wait = cost
        ? Math.max(
            100,
            ((cost.requestedQueryCost - cost.throttleStatus.currentlyAvailable) /
              cost.throttleStatus.restoreRate) *
              1000,
          )
        : 1000;
      if (wait <= MAX_STORE_WAIT_MS && Date.now() - started + wait > MAX_WAIT_MS) {
        throw new StoreApiError('throttled', 'Shopify kept throttling the requests for two minutes.');
      }
      await waitAsAsked(wait, signal);
      continue;
    }
    if (errors.length > 0 || typeof answer.errors === 'string' || !answer.data) {
      const message =
        typeof answer.errors === 'string' ? answer.errors : errors.map((e) => e.message).join('; ');
      if (/access denied|scope/i.test(message))
        throw new StoreApiError('scope', `Shopify refused: ${message}`);
      throw new StoreApiError('api', `Shopify answered with an error: ${message || 'no data'}`);
    }
    return parseStoreAnswer(schema, answer.data, "Shopify's answer");
  }
}

function parseAnswer(status: number, body: string): GraphqlAnswer {
  let answer: unknown;
  try {
    answer = JSON.parse(body);
  } catch {
    answer = undefined;
  }
  if (status === 404 || !answer || typeof answer !== 'object') {
    throw new StoreApiError(
      'not_platform',
      `The address does not answer as a Shopify store's Admin API (status ${status} at /admin/api/${SHOPIFY_API_VERSION}/graphql.json).`,
    );
  }
  if (status !== 200) throw new StoreApiError('api', `Shopify answered with status ${status}.`);
  return parseStoreAnswer(graphqlAnswer, answer, "Shopify's GraphQL answer");
}
