// A local Shopify Admin GraphQL API for the connected-store tests and the push bench. It speaks
// the real wire format: POST /admin/api/{version}/graphql.json with X-Shopify-Access-Token, a real GraphQL
// executor over a subset of the Admin schema, every document and its variables first checked against
// Shopify's published schema (shopify-admin-schema.ts: what Shopify would refuse is refused here too), cursor
// pages, and the calculated-cost leaky bucket reported in `extensions.cost` with THROTTLED errors when the
// bucket is empty (https://shopify.dev/docs/apps/build/apis/graphql-admin/rate-limits). Mutations answer
// `userErrors` the way Shopify's do. No test-framework imports, so a bench can start it too.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  buildSchema,
  type DocumentNode,
  execute,
  type FieldNode,
  graphql,
  Kind,
  parse,
  type SelectionSetNode,
  validate,
} from 'graphql';
import { BULK_SCHEMA, createFakeBulk, type FakeBulk, type GeneratedBulkFile } from './fake-shopify-bulk';
import {
  createFakeTranslations,
  type FakeTranslations,
  TRANSLATIONS_SCHEMA,
} from './fake-shopify-translations';
import { refusalsOf } from './shopify-admin-schema';

export type FakeShopifyVariant = {
  id: number;
  title: string;
  sku: string;
  barcode: string;
  price: string;
  selectedOptions: { name: string; value: string }[];
  /** The id of one of the product's media images. */
  mediaId?: number;
};

export type FakeShopifyMedia = { id: number; url: string; alt: string };

export type FakeShopifyProduct = {
  id: number;
  handle: string;
  title: string;
  descriptionHtml: string;
  vendor: string;
  productType: string;
  tags: string[];
  status: 'ACTIVE' | 'DRAFT' | 'ARCHIVED';
  updatedAt: string;
  seo: { title: string | null; description: string | null };
  options: { name: string; values: string[] }[];
  variants: FakeShopifyVariant[];
  media: FakeShopifyMedia[];
};

export type FakeShopifyRedirect = { id: number; path: string; target: string };

export type FakeShopifyOptions = {
  accessToken?: string;
  scopes?: string[];
  shopName?: string;
  currencyCode?: string;
  /** The leaky bucket: its size and how many points a second flow back (Standard plan: 100). */
  bucketSize?: number;
  restoreRate?: number;
  /** The loopback port to listen on (any free one when unset), for a server another process must find. */
  port?: number;
  /** Polls a bulk operation stays RUNNING before it completes (default 2). */
  bulkPollsUntilDone?: number;
  /**
   * The version every answer says it came with (X-Shopify-API-Version), as Shopify answers a version it no
   * longer supports with the oldest one it does; unset, the version asked for.
   */
  answersApiVersion?: string;
  /** Every bulk query answers this file, made as it is sent; productsCount counts its products. */
  bulkFile?: GeneratedBulkFile;
  /** The shop's primary locale (default en) and the others it has published (default none). */
  primaryLocale?: string;
  locales?: string[];
};

export type FakeShopify = {
  origin: string;
  /** "127.0.0.1:<port>", as ALLOW_PRIVATE_STORE_HOSTS spells it. */
  hostPort: string;
  apiVersion: string;
  products: FakeShopifyProduct[];
  /** The store's URL redirects (made by productUpdate with redirectNewHandle: true). */
  redirects: FakeShopifyRedirect[];
  /** Registered translations: product id → locale → key → value and digest (fake-shopify-translations.ts). */
  translations: FakeTranslations;
  /** Every GraphQL operation received, in order, with the cost it was charged (0 when throttled). */
  calls: { query: string; variables: Record<string, unknown>; cost: number; throttled: boolean }[];
  /** Answer THROTTLED to every query for this long, whatever the bucket holds. */
  throttleFor: (ms: number) => void;
  /**
   * After `passes` more GraphQL requests are answered, every later one answers 429 with Retry-After: `seconds`
   * (as Shopify does past its request limits), until the returned function is called.
   */
  rateLimitAfter: (passes: number, seconds: number) => () => void;
  /** Bulk query operations run (fake-shopify-bulk.ts). */
  bulk: FakeBulk;
  /**
   * After `count` more GraphQL calls are answered, hold every later one until the returned function is
   * called: a test can look at a reader stopped mid-way, whatever the machine's speed.
   */
  holdAfter: (count: number) => () => void;
  /** Points charged since the start, and when the first and last charged call came. */
  spent: () => { points: number; firstAt: number | null; lastAt: number | null };
  close: () => Promise<void>;
};

export const FAKE_SHOPIFY_API_VERSION = '2026-07';

const SCHEMA = buildSchema(`
  interface Node { id: ID! }
  type Query {
    shop: Shop!
    currentAppInstallation: AppInstallation!
    products(first: Int, after: String, query: String): ProductConnection!
    productsCount(query: String, limit: Int = 10000): Count
    product(id: ID!): Product
    node(id: ID!): Node
    nodes(ids: [ID!]!): [Node]!
    currentBulkOperation(type: BulkOperationType = QUERY): BulkOperation
    urlRedirects(first: Int!, query: String): UrlRedirectConnection!
    translatableResource(resourceId: ID!): TranslatableResource
  }
  type UrlRedirect implements Node { id: ID! path: String! target: String! }
  type UrlRedirectConnection { nodes: [UrlRedirect!]! pageInfo: PageInfo! }
  type UrlRedirectDeletePayload { deletedUrlRedirectId: ID userErrors: [UserError!]! }
  type Shop { name: String! currencyCode: String! myshopifyDomain: String! }
  type AppInstallation { accessScopes: [AccessScope!]! }
  type AccessScope { handle: String! }
  type PageInfo { hasNextPage: Boolean! endCursor: String }
  type SEO { title: String description: String }
  type ProductOption { name: String! values: [String!]! }
  type SelectedOption { name: String! value: String! }
  type Image { id: ID url: String! altText: String }
  enum CountPrecision { EXACT AT_LEAST }
  type Count { count: Int! precision: CountPrecision! }
  type ProductVariant implements Node {
    id: ID! title: String! sku: String barcode: String price: String!
    selectedOptions: [SelectedOption!]! media(first: Int): MediaConnection! image: Image
  }
  type ProductVariantEdge { node: ProductVariant! cursor: String! }
  type ProductVariantConnection { nodes: [ProductVariant!]! edges: [ProductVariantEdge!]! pageInfo: PageInfo! }
  interface Media { id: ID! alt: String mediaContentType: String! }
  type MediaImage implements Media & Node { id: ID! alt: String mediaContentType: String! image: Image }
  type MediaEdge { node: Media! cursor: String! }
  type MediaConnection { nodes: [Media!]! edges: [MediaEdge!]! pageInfo: PageInfo! }
  type ProductEdge { node: Product! cursor: String! }
  type ProductConnection { nodes: [Product!]! edges: [ProductEdge!]! pageInfo: PageInfo! }
  type Product implements Node {
    id: ID! handle: String! title: String! descriptionHtml: String! vendor: String! productType: String!
    tags: [String!]! status: String! updatedAt: String! onlineStoreUrl: String seo: SEO!
    options: [ProductOption!]!
    variants(first: Int, after: String): ProductVariantConnection!
    media(first: Int, after: String): MediaConnection!
  }
  input SEOInput { title: String description: String }
  input ProductUpdateInput {
    id: ID! title: String descriptionHtml: String handle: String redirectNewHandle: Boolean seo: SEOInput
  }
  type UserError { field: [String!] message: String! }
  type ProductUpdatePayload { product: Product userErrors: [UserError!]! }
  input FileUpdateInput { id: ID! alt: String }
  type FileUpdatePayload { files: [MediaImage!] userErrors: [UserError!]! }
  type Mutation {
    productUpdate(product: ProductUpdateInput!): ProductUpdatePayload
    fileUpdate(files: [FileUpdateInput!]!): FileUpdatePayload
    urlRedirectDelete(id: ID!): UrlRedirectDeletePayload
    bulkOperationRunQuery(query: String!, groupObjects: Boolean = false): BulkOperationRunQueryPayload
    translationsRegister(resourceId: ID!, translations: [TranslationInput!]!): TranslationsRegisterPayload
    translationsRemove(
      resourceId: ID!, translationKeys: [String!]!, locales: [String!]!, marketIds: [ID!]
    ): TranslationsRemovePayload
  }
  ${BULK_SCHEMA}
  ${TRANSLATIONS_SCHEMA}
`);

/** ProductUpdateInput as the schema above declares it: graphql checks the variables against it before a resolver runs. */
type ProductUpdateInput = {
  id: string;
  title?: string | null;
  descriptionHtml?: string | null;
  handle?: string | null;
  redirectNewHandle?: boolean | null;
  seo?: { title?: string | null; description?: string | null } | null;
};

const gid = (type: string, id: number) => `gid://shopify/${type}/${id}`;
const numericId = (value: string) => Number(/\/(\d+)$/.exec(value)?.[1] ?? Number.NaN);

/** Shopify's documented cost rules, simplified: objects 1, scalars 0, connections first × their nodes + 2, mutations 10. */
function queryCost(document: DocumentNode): number {
  let total = 0;
  for (const definition of document.definitions) {
    if (definition.kind !== Kind.OPERATION_DEFINITION) continue;
    if (definition.operation === 'mutation') total += 10;
    else total += selectionCost(definition.selectionSet);
  }
  return total;
}

function selectionCost(set: SelectionSetNode | undefined): number {
  if (!set) return 0;
  let cost = 0;
  for (const selection of set.selections) {
    if (selection.kind === Kind.INLINE_FRAGMENT) cost += selectionCost(selection.selectionSet);
    if (selection.kind !== Kind.FIELD) continue;
    const field = selection as FieldNode;
    if (!field.selectionSet) continue;
    const first = field.arguments?.find((argument) => argument.name.value === 'first');
    const size = first?.value.kind === Kind.INT ? Number(first.value.value) : null;
    cost += size === null ? 1 + selectionCost(field.selectionSet) : 2 + size * nodesCost(field.selectionSet);
  }
  return cost;
}

function nodesCost(set: SelectionSetNode): number {
  const nodes = set.selections.find(
    (selection) => selection.kind === Kind.FIELD && selection.name.value === 'nodes',
  ) as FieldNode | undefined;
  return Math.max(1, nodes ? 1 + selectionCost(nodes.selectionSet) : 1);
}

/** Shopify refuses any single query whose requested cost is over 1,000 points. */
const MAX_QUERY_COST = 1000;

/** The actual cost of an answer: 1 per object, 2 more per connection (an object with nodes), scalars free. */
function dataCost(value: unknown): number {
  if (Array.isArray(value)) return value.reduce((sum: number, item) => sum + dataCost(item), 0);
  if (!value || typeof value !== 'object') return 0;
  const entries = Object.values(value as Record<string, unknown>);
  const own = 'nodes' in (value as object) ? 2 : 1;
  return own + entries.reduce((sum: number, item) => sum + dataCost(item), 0);
}

/** A connection page; without `first` (a bulk query) every item. */
function page<T>(items: T[], first: number | undefined, after: string | null | undefined) {
  const start = after ? Number(Buffer.from(after, 'base64url').toString()) : 0;
  const nodes = items.slice(start, first === undefined ? undefined : start + first);
  const end = start + nodes.length;
  return {
    nodes,
    edges: nodes.map((node, index) => ({
      node,
      cursor: Buffer.from(String(start + index + 1)).toString('base64url'),
    })),
    pageInfo: {
      hasNextPage: end < items.length,
      endCursor: nodes.length > 0 ? Buffer.from(String(end)).toString('base64url') : null,
    },
  };
}

/** The lines, each ended by "\n", in pieces of about 64 KB: a socket write per line would be slow. */
function* linesWithNewlines(lines: Iterable<string>): Generator<string> {
  let piece = '';
  for (const line of lines) {
    piece += `${line}\n`;
    if (piece.length >= 65_536) {
      yield piece;
      piece = '';
    }
  }
  if (piece) yield piece;
}

export async function startFakeShopify(
  products: FakeShopifyProduct[],
  options: FakeShopifyOptions = {},
): Promise<FakeShopify> {
  const accessToken = options.accessToken ?? 'shpat_fake_token';
  const scopes = options.scopes ?? ['read_products', 'write_products', 'write_files'];
  const bucketSize = options.bucketSize ?? 1000;
  const restoreRate = options.restoreRate ?? 100;
  let available = bucketSize;
  let lastRefill = Date.now();
  let throttledUntil = 0;
  /** Set by rateLimitAfter: requests still answered before every one answers 429. */
  let rateLimit: { passes: number; seconds: number } | null = null;
  let spent = 0;
  let firstAt: number | null = null;
  let lastAt: number | null = null;
  const calls: FakeShopify['calls'] = [];
  const redirects: FakeShopifyRedirect[] = [];
  let nextRedirectId = 500;
  let origin = '';
  // holdAfter: calls still let through, then every later one waits for `held`.
  let passesLeft: number | null = null;
  let held: Promise<void> = Promise.resolve();
  let releaseHeld = () => {};
  const bulk = createFakeBulk({
    schema: SCHEMA,
    run: async (document) => execute({ schema: SCHEMA, document, rootValue: root }),
    origin: () => origin,
    pollsUntilDone: options.bulkPollsUntilDone ?? 2,
    generated: options.bulkFile,
  });

  const refill = () => {
    const now = Date.now();
    available = Math.min(bucketSize, available + ((now - lastRefill) / 1000) * restoreRate);
    lastRefill = now;
  };
  const throttleStatus = () => ({
    maximumAvailable: bucketSize,
    currentlyAvailable: Math.floor(available),
    restoreRate,
  });
  const touch = (product: FakeShopifyProduct) => {
    // Shopify's updatedAt has second precision; a write in the same second still moves it forward.
    const previous = Date.parse(product.updatedAt);
    product.updatedAt = new Date(Math.max(Date.now(), previous + 1000)).toISOString().replace(/\.\d+Z$/, 'Z');
  };

  const mediaView = (media: FakeShopifyMedia) => ({
    __typename: 'MediaImage',
    id: gid('MediaImage', media.id),
    alt: media.alt,
    mediaContentType: 'IMAGE',
    image: { url: media.url, altText: media.alt },
  });
  const productView = (product: FakeShopifyProduct) => ({
    ...product,
    __typename: 'Product',
    id: gid('Product', product.id),
    onlineStoreUrl: null,
    variants: ({ first, after }: { first?: number; after?: string }) =>
      page(
        product.variants.map((variant) => ({
          ...variant,
          __typename: 'ProductVariant',
          id: gid('ProductVariant', variant.id),
          media: () =>
            page(product.media.filter((media) => media.id === variant.mediaId).map(mediaView), 1, null),
          image: () => {
            const media = product.media.find((m) => m.id === variant.mediaId);
            return media ? { id: gid('ProductImage', media.id), url: media.url, altText: media.alt } : null;
          },
        })),
        first,
        after,
      ),
    media: ({ first, after }: { first?: number; after?: string }) =>
      page(product.media.map(mediaView), first, after),
  });
  const findProduct = (id: string) => products.find((product) => product.id === numericId(id));
  const translated = createFakeTranslations({
    products,
    primaryLocale: options.primaryLocale ?? 'en',
    locales: options.locales ?? [],
  });

  const root = {
    shop: () => ({
      name: options.shopName ?? 'Fake Shop',
      currencyCode: options.currencyCode ?? 'USD',
      myshopifyDomain: 'fake-shop.myshopify.com',
    }),
    currentAppInstallation: () => ({ accessScopes: scopes.map((handle) => ({ handle })) }),
    // A page is at most 250; a bulk query (no `first`) reads them all.
    products: ({ first, after }: { first?: number; after?: string }) =>
      page(products.map(productView), first === undefined ? undefined : Math.min(first, 250), after),
    // Up to `limit` (10,000 by default); limit: null counts them all.
    productsCount: ({ limit }: { limit?: number | null }) => {
      const count = options.bulkFile?.roots ?? products.length;
      return {
        count: limit == null ? count : Math.min(count, limit),
        precision: limit != null && count > limit ? 'AT_LEAST' : 'EXACT',
      };
    },
    node: ({ id }: { id: string }) => {
      if (id.includes('/BulkOperation/')) return bulk.node(id);
      const product = findProduct(id);
      return product ? productView(product) : null;
    },
    ...bulk.root,
    ...translated.root,
    product: ({ id }: { id: string }) => {
      const product = findProduct(id);
      return product ? productView(product) : null;
    },
    nodes: ({ ids }: { ids: string[] }) =>
      ids.map((id) => {
        const product = findProduct(id);
        return product ? productView(product) : null;
      }),
    productUpdate: ({ product: input }: { product: ProductUpdateInput }) => {
      const product = findProduct(String(input.id));
      if (!product)
        return { product: null, userErrors: [{ field: ['id'], message: 'Product does not exist' }] };
      if (typeof input.handle === 'string') {
        if (products.some((other) => other !== product && other.handle === input.handle)) {
          return {
            product: null,
            userErrors: [{ field: ['handle'], message: `Handle '${input.handle}' already in use` }],
          };
        }
        // Without a redirect the old address answers 404 (redirectNewHandle has no default since 2023-04).
        if (input.redirectNewHandle === true && input.handle !== product.handle) {
          redirects.push({
            id: nextRedirectId++,
            path: `/products/${product.handle}`,
            target: `/products/${input.handle}`,
          });
        }
        product.handle = input.handle;
      }
      if (typeof input.title === 'string') product.title = input.title;
      if (typeof input.descriptionHtml === 'string') product.descriptionHtml = input.descriptionHtml;
      const seo = input.seo;
      // An empty SEO field is cleared: Shopify answers null for it, as for one never set.
      if (seo?.title !== undefined) product.seo.title = seo.title || null;
      if (seo?.description !== undefined) product.seo.description = seo.description || null;
      touch(product);
      return { product: productView(product), userErrors: [] };
    },
    urlRedirects: ({ first, query }: { first: number; query?: string }) => {
      // Shopify's `query` is a search: quoted or not, `path:` also finds longer paths that start the same.
      const term = /^path:(?:"((?:[^"\\]|\\.)*)"|(\S+))$/.exec(query ?? '');
      const path = term ? (term[1] ?? term[2] ?? '').replace(/\\(.)/g, '$1') : undefined;
      const found = redirects.filter((redirect) => path === undefined || redirect.path.startsWith(path));
      return page(
        found.map((redirect) => ({
          ...redirect,
          __typename: 'UrlRedirect',
          id: gid('UrlRedirect', redirect.id),
        })),
        first,
        null,
      );
    },
    urlRedirectDelete: ({ id }: { id: string }) => {
      const index = redirects.findIndex((redirect) => redirect.id === numericId(id));
      if (index < 0)
        return { deletedUrlRedirectId: null, userErrors: [{ field: ['id'], message: 'Redirect not found' }] };
      redirects.splice(index, 1);
      return { deletedUrlRedirectId: id, userErrors: [] };
    },
    fileUpdate: ({ files }: { files: { id: string; alt?: string }[] }) => {
      const updated: ReturnType<typeof mediaView>[] = [];
      for (const file of files) {
        const owner = products.find((product) => product.media.some((m) => m.id === numericId(file.id)));
        const media = owner?.media.find((m) => m.id === numericId(file.id));
        if (!owner || !media) {
          return { files: null, userErrors: [{ field: ['files', 'id'], message: 'File does not exist' }] };
        }
        if (file.alt !== undefined) media.alt = file.alt;
        touch(owner);
        updated.push(mediaView(media));
      }
      return { files: updated, userErrors: [] };
    },
  };

  const json = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    response.end(JSON.stringify(body));
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    // A bulk operation's result file: a signed storage URL in Shopify, fetched without the access token.
    if (request.method === 'GET' && url.pathname.startsWith('/bulk-results/')) {
      const file = bulk.serve(url.pathname);
      if (file === null) return json(response, 404, { errors: 'Not Found' });
      response.writeHead(200, { 'content-type': 'application/jsonl' });
      // Line by line, as the reader takes them (backpressure): a generated file is never held.
      return pipeline(Readable.from(linesWithNewlines(file)), response).catch(() => response.destroy());
    }
    if (passesLeft !== null) {
      if (passesLeft > 0) passesLeft -= 1;
      else await held;
    }
    const match = /^\/admin\/api\/([^/]+)\/graphql\.json$/.exec(url.pathname);
    if (!match || request.method !== 'POST') return json(response, 404, { errors: 'Not Found' });
    if (rateLimit && rateLimit.passes-- <= 0) {
      // https://shopify.dev/docs/api/usage/limits#rate-limits: 429 Too Many Requests with Retry-After.
      response.writeHead(429, {
        'content-type': 'application/json',
        'retry-after': String(rateLimit.seconds),
      });
      return response.end(JSON.stringify({ errors: 'Exceeded 2 calls per second for api client.' }));
    }
    if (match[1] !== FAKE_SHOPIFY_API_VERSION) {
      return json(response, 404, { errors: `API version ${match[1]} is not supported by this fake` });
    }
    response.setHeader('x-shopify-api-version', options.answersApiVersion ?? match[1]);
    if (request.headers['x-shopify-access-token'] !== accessToken) {
      return json(response, 401, {
        errors: '[API] Invalid API key or access token (unrecognized login or wrong password)',
      });
    }
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    let body: { query?: string; variables?: Record<string, unknown> };
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      return json(response, 400, { errors: { query: 'Required parameter missing or invalid' } });
    }
    let document: DocumentNode;
    try {
      document = parse(body.query ?? '');
    } catch (error) {
      return json(response, 200, { errors: [{ message: (error as Error).message }] });
    }
    const invalid = validate(SCHEMA, document);
    if (invalid.length > 0)
      return json(response, 200, { errors: invalid.map((e) => ({ message: e.message })) });
    // And what Shopify's own schema refuses, variables included: the subset above only says what this fake
    // can answer.
    const refused = refusalsOf(body.query ?? '', body.variables ?? {});
    if (refused.length > 0) return json(response, 200, { errors: refused.map((message) => ({ message })) });

    const cost = queryCost(document);
    if (cost > MAX_QUERY_COST) {
      return json(response, 200, {
        errors: [
          {
            message: `Query cost is ${cost}, which exceeds the single query max cost limit (${MAX_QUERY_COST}).`,
            extensions: { code: 'MAX_COST_EXCEEDED', cost, maxCost: MAX_QUERY_COST },
          },
        ],
      });
    }
    refill();
    const variables = body.variables ?? {};
    if (Date.now() < throttledUntil || cost > available) {
      calls.push({ query: body.query ?? '', variables, cost: 0, throttled: true });
      return json(response, 200, {
        errors: [
          {
            message: 'Throttled',
            extensions: {
              code: 'THROTTLED',
              documentation: 'https://shopify.dev/api/usage/rate-limits',
            },
          },
        ],
        extensions: {
          cost: { requestedQueryCost: cost, actualQueryCost: null, throttleStatus: throttleStatus() },
        },
      });
    }
    const result = await graphql({
      schema: SCHEMA,
      source: body.query ?? '',
      rootValue: root,
      variableValues: variables,
    });
    // The bucket must hold the requested cost; what is taken is the actual cost of what came back.
    const isMutation = document.definitions.some(
      (definition) => definition.kind === Kind.OPERATION_DEFINITION && definition.operation === 'mutation',
    );
    const actual = isMutation ? cost : Math.min(cost, dataCost(result.data));
    available -= actual;
    spent += actual;
    const now = Date.now();
    firstAt ??= now;
    lastAt = now;
    calls.push({ query: body.query ?? '', variables, cost: actual, throttled: false });
    json(response, 200, {
      ...result,
      extensions: {
        cost: { requestedQueryCost: cost, actualQueryCost: actual, throttleStatus: throttleStatus() },
      },
    });
  };

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => json(response, 500, { errors: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;
  return {
    origin: `http://127.0.0.1:${port}`,
    hostPort: `127.0.0.1:${port}`,
    apiVersion: FAKE_SHOPIFY_API_VERSION,
    products,
    redirects,
    translations: translated.translations,
    calls,
    bulk,
    holdAfter: (count) => {
      passesLeft = count;
      held = new Promise<void>((resolve) => {
        releaseHeld = resolve;
      });
      return () => {
        passesLeft = null;
        releaseHeld();
      };
    },
    throttleFor: (ms) => {
      throttledUntil = Date.now() + ms;
    },
    rateLimitAfter: (passes, seconds) => {
      rateLimit = { passes, seconds };
      return () => {
        rateLimit = null;
      };
    },
    spent: () => ({ points: spent, firstAt, lastAt }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
