// Shopify's published Admin schema (tests/fixtures/shopify/SOURCES.md) as a GraphQLSchema, and the check that
// a document and its variables are what Shopify would take: validation with the deprecated-field rule, the
// variables coerced against their declared types, and a bulk query's inner document validated too. Shared by
// the document test and the Shopify fake; no test-framework imports, so a bench can load it as well.
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import {
  buildClientSchema,
  type GraphQLSchema,
  getVariableValues,
  type IntrospectionQuery,
  Kind,
  NoDeprecatedCustomRule,
  parse,
  specifiedRules,
  validate,
} from 'graphql';
import { fixturePath } from './fixture-path';

type IntrospectionField = { name: string; args: { name: string }[] } & Record<string, unknown>;
type IntrospectionType = { name: string; fields: IntrospectionField[] | null };

/**
 * What the pinned version (SHOPIFY_API_VERSION, 2026-07) adds to 2025-01 and the app sends, from Shopify's
 * changelog; each is listed in docs/store-apis.md too:
 * - 2025-07, "groupObjects argument for bulk operations": `bulkOperationRunQuery(groupObjects: Boolean!)`
 *   (shopify.dev/changelog/optional-groupobjects-argument-in-bulk-operations-mutations-that-offers-faster-and-more-reliable-job-execution);
 * - 2026-01, "Bulk operations group objects default changed to false": its default is false from then on
 *   (shopify.dev/changelog/bulk-operations-group-objects-default-changed-to-false). The app sends false
 *   either way, so the default only matters to a document that leaves the argument out.
 */
const LATER_ADDITIONS: { type: string; field: string; arg: Record<string, unknown> }[] = [
  {
    type: 'Mutation',
    field: 'bulkOperationRunQuery',
    arg: {
      name: 'groupObjects',
      description:
        'Whether the JSONL groups each object with its children (2025-07; false by default from 2026-01).',
      type: { kind: 'NON_NULL', name: null, ofType: { kind: 'SCALAR', name: 'Boolean', ofType: null } },
      defaultValue: 'false',
      isDeprecated: false,
      deprecationReason: null,
    },
  },
];

let schema: GraphQLSchema | undefined;

export function shopifyAdminSchema(): GraphQLSchema {
  if (schema) return schema;
  const file = fixturePath('shopify/admin_schema_2025-01.json.gz');
  const introspection = JSON.parse(gunzipSync(readFileSync(file)).toString('utf8')) as {
    data: IntrospectionQuery;
  };
  const types = introspection.data.__schema.types as unknown as IntrospectionType[];
  for (const addition of LATER_ADDITIONS) {
    const field = types.find((t) => t.name === addition.type)?.fields?.find((f) => f.name === addition.field);
    if (!field) throw new Error(`${addition.type}.${addition.field} is not in the 2025-01 schema`);
    if (!field.args.some((arg) => arg.name === addition.arg.name)) field.args.push(addition.arg as never);
  }
  schema = buildClientSchema(introspection.data);
  return schema;
}

/** What Shopify would refuse in this request: validation errors, then variable errors; empty when it is fine. */
export function refusalsOf(query: string, variables: Record<string, unknown> = {}): string[] {
  const admin = shopifyAdminSchema();
  let document: ReturnType<typeof parse>;
  try {
    document = parse(query);
  } catch (error) {
    return [(error as Error).message];
  }
  const invalid = validate(admin, document, [...specifiedRules, NoDeprecatedCustomRule]);
  if (invalid.length > 0) return invalid.map((error) => error.message);
  const operation = document.definitions.find((d) => d.kind === Kind.OPERATION_DEFINITION);
  if (!operation || operation.kind !== Kind.OPERATION_DEFINITION) return ['No operation in the document.'];
  const coerced = getVariableValues(admin, operation.variableDefinitions ?? [], variables);
  if (coerced.errors) return coerced.errors.map((error) => error.message);
  // A bulk operation's query is a document of its own, which Shopify validates when it starts the operation.
  const isBulk = /\bbulkOperationRunQuery\b/.test(query) && typeof variables.query === 'string';
  return isBulk ? refusalsOf(variables.query as string).map((message) => `bulk query: ${message}`) : [];
}
