// Bulk query operations for the Shopify fake, in the real wire format
// (https://shopify.dev/docs/api/usage/bulk-operations/queries): bulkOperationRunQuery checks the query as
// Shopify does (one top-level connection, not node/nodes, at most five connections nested at most two deep),
// runs it over the fake's products and keeps the JSONL: one line per object, a nested connection's objects on
// lines of their own naming their parent in `__parentId`, and (groupObjects: false) every product first, then
// their children. The operation is CREATED, then RUNNING for `pollsUntilDone` polls (objectCount and
// rootObjectCount growing), then COMPLETED with a `url` the fake serves, or FAILED with an errorCode when
// told to. Only one bulk query runs at a time, as before API 2026-01.
import {
  type DocumentNode,
  type ExecutionResult,
  type FieldNode,
  type GraphQLSchema,
  Kind,
  type OperationDefinitionNode,
  parse,
  type SelectionSetNode,
  validate,
} from 'graphql';

export const BULK_SCHEMA = `
  scalar UnsignedInt64
  scalar URL
  enum BulkOperationStatus { CANCELED CANCELING COMPLETED CREATED EXPIRED FAILED RUNNING }
  enum BulkOperationErrorCode { ACCESS_DENIED INTERNAL_SERVER_ERROR TIMEOUT }
  enum BulkOperationType { MUTATION QUERY }
  enum BulkOperationUserErrorCode { INVALID OPERATION_IN_PROGRESS }
  type BulkOperation implements Node {
    id: ID! status: BulkOperationStatus! errorCode: BulkOperationErrorCode type: BulkOperationType!
    query: String! objectCount: UnsignedInt64! rootObjectCount: UnsignedInt64! fileSize: UnsignedInt64
    url: URL partialDataUrl: URL createdAt: String! completedAt: String
  }
  type BulkOperationUserError { field: [String!] message: String! code: BulkOperationUserErrorCode }
  type BulkOperationRunQueryPayload { bulkOperation: BulkOperation userErrors: [BulkOperationUserError!]! }
`;

type Status = 'CREATED' | 'RUNNING' | 'COMPLETED' | 'FAILED';

/**
 * A result file made as it is sent, never held (50,000 products with their variants and media): what a bulk
 * query answers in place of the fake's own products.
 */
export type GeneratedBulkFile = {
  /** The products the file holds (rootObjectCount, and productsCount's answer). */
  roots: number;
  /** The file's lines, without "\n", made one at a time. */
  lines: () => Iterable<string>;
};

export type FakeBulkOperation = {
  id: string;
  query: string;
  status: Status;
  polls: number;
  lines: string[];
  /** Set when the file is generated: `lines` is then empty. */
  generated?: GeneratedBulkFile;
  roots: number;
  errorCode: string | null;
  createdAt: string;
};

export type FakeBulk = {
  operations: FakeBulkOperation[];
  /** The next bulk operation ends FAILED with this errorCode. */
  failNext: (errorCode: 'ACCESS_DENIED' | 'INTERNAL_SERVER_ERROR' | 'TIMEOUT') => void;
  /** How many times a result file was downloaded. */
  downloads: () => number;
};

const isConnection = (value: unknown): value is { edges?: { node: unknown }[]; nodes?: unknown[] } =>
  !!value && typeof value === 'object' && ('edges' in value || 'nodes' in value);
const nodesOf = (connection: { edges?: { node: unknown }[]; nodes?: unknown[] }) =>
  connection.nodes ?? (connection.edges ?? []).map((edge) => edge.node);

/** Connections (fields selecting edges or nodes) and how deep they nest, as Shopify counts them. */
function connections(set: SelectionSetNode | undefined, depth: number, found: number[]): void {
  for (const selection of set?.selections ?? []) {
    if (selection.kind === Kind.INLINE_FRAGMENT) connections(selection.selectionSet, depth, found);
    if (selection.kind !== Kind.FIELD || !selection.selectionSet) continue;
    const field = selection as FieldNode;
    const inner = field.selectionSet!.selections.filter((s) => s.kind === Kind.FIELD) as FieldNode[];
    const isConn = inner.some((s) => s.name.value === 'edges' || s.name.value === 'nodes');
    if (isConn) found.push(depth + 1);
    connections(field.selectionSet, isConn ? depth + 1 : depth, found);
  }
}

export function createFakeBulk(options: {
  schema: GraphQLSchema;
  run: (document: DocumentNode) => Promise<ExecutionResult>;
  origin: () => string;
  pollsUntilDone: number;
  generated?: GeneratedBulkFile;
}): FakeBulk & {
  root: Record<string, unknown>;
  /** The BulkOperation a node(id:) asks for, advanced one step by the poll. */
  node: (id: string) => unknown;
  /** A result file's lines for GET /bulk-results/<n>.jsonl (each followed by "\n"), or null. */
  serve: (path: string) => Iterable<string> | null;
} {
  const operations: FakeBulkOperation[] = [];
  let failNext: string | null = null;
  let downloads = 0;
  const view = (operation: FakeBulkOperation) => {
    const done = operation.status === 'COMPLETED';
    const share =
      done || operation.status === 'FAILED' ? 1 : Math.min(1, operation.polls / (options.pollsUntilDone + 1));
    const n = operations.indexOf(operation) + 1;
    return {
      __typename: 'BulkOperation',
      id: operation.id,
      status: operation.status,
      errorCode: operation.status === 'FAILED' ? operation.errorCode : null,
      type: 'QUERY',
      query: operation.query,
      objectCount: String(
        Math.floor((operation.generated ? operation.roots : operation.lines.length) * share),
      ),
      rootObjectCount: String(Math.floor(operation.roots * share)),
      fileSize: done && !operation.generated ? String(operation.lines.join('\n').length) : null,
      url:
        done && (operation.generated || operation.lines.length > 0)
          ? `${options.origin()}/bulk-results/${n}.jsonl`
          : null,
      partialDataUrl: null,
      createdAt: operation.createdAt,
      completedAt: done ? new Date().toISOString() : null,
    };
  };
  const advance = (operation: FakeBulkOperation) => {
    if (operation.status === 'COMPLETED' || operation.status === 'FAILED') return;
    operation.polls += 1;
    operation.status = 'RUNNING';
    if (operation.polls > options.pollsUntilDone)
      operation.status = operation.errorCode ? 'FAILED' : 'COMPLETED';
  };
  const refuse = (message: string, code = 'INVALID') => ({
    bulkOperation: null,
    userErrors: [{ field: ['query'], message, code }],
  });

  const runQuery = async ({ query }: { query: string }) => {
    const running = operations.find((o) => o.status === 'CREATED' || o.status === 'RUNNING');
    if (running) {
      return refuse(
        `A bulk query operation for this app and shop is already in progress: ${running.id}.`,
        'OPERATION_IN_PROGRESS',
      );
    }
    let document: DocumentNode;
    try {
      document = parse(query);
    } catch (error) {
      return refuse(`Invalid bulk query: ${(error as Error).message}`);
    }
    const invalid = validate(options.schema, document);
    if (invalid.length > 0) return refuse(`Invalid bulk query: ${invalid[0]!.message}`);
    const operation = document.definitions.find(
      (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
    );
    const top = (operation?.selectionSet.selections ?? []) as FieldNode[];
    if (operation?.operation !== 'query' || top.length !== 1)
      return refuse('Bulk queries must contain exactly one top-level field.');
    if (top[0]!.name.value === 'node' || top[0]!.name.value === 'nodes')
      return refuse("Bulk queries cannot use the top-level 'node' or 'nodes' fields.");
    const found: number[] = [];
    connections(operation.selectionSet, 0, found);
    if (found.length === 0) return refuse('Bulk queries must contain at least one connection.');
    if (found.length > 5) return refuse('Bulk queries cannot contain more than 5 connections.');
    if (Math.max(...found) > 2)
      return refuse('Bulk queries cannot contain connections nested more than 2 levels deep.');
    const result = await options.run(document);
    if (result.errors?.length) return refuse(result.errors[0]!.message);
    const rootConnection = (result.data as Record<string, unknown>)[
      top[0]!.alias?.value ?? top[0]!.name.value
    ];
    const roots = isConnection(rootConnection) ? nodesOf(rootConnection) : [];
    // Every root object first, then their children (not grouped under their parent).
    const lines: string[] = [];
    let level: { node: unknown; parentId: string | null }[] = roots.map((node) => ({ node, parentId: null }));
    while (level.length > 0) {
      const next: typeof level = [];
      for (const { node, parentId } of level) {
        const own: Record<string, unknown> = {};
        for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
          if (isConnection(value)) {
            for (const child of nodesOf(value))
              next.push({ node: child, parentId: String((node as { id?: string }).id) });
          } else own[key] = value;
        }
        if (parentId) own.__parentId = parentId;
        lines.push(JSON.stringify(own));
      }
      level = next;
    }
    const created: FakeBulkOperation = {
      id: `gid://shopify/BulkOperation/${9000 + operations.length + 1}`,
      query,
      status: 'CREATED',
      polls: 0,
      lines: options.generated ? [] : lines,
      generated: options.generated,
      roots: options.generated?.roots ?? roots.length,
      errorCode: failNext,
      createdAt: new Date().toISOString(),
    };
    failNext = null;
    operations.push(created);
    return { bulkOperation: view(created), userErrors: [] };
  };

  return {
    operations,
    failNext: (code) => {
      failNext = code;
    },
    downloads: () => downloads,
    root: {
      bulkOperationRunQuery: runQuery,
      currentBulkOperation: () => {
        const last = operations.at(-1);
        if (!last) return null;
        advance(last);
        return view(last);
      },
    },
    node: (id) => {
      const operation = operations.find((o) => o.id === id);
      if (!operation) return null;
      advance(operation);
      return view(operation);
    },
    serve: (path) => {
      const n = Number(/^\/bulk-results\/(\d+)\.jsonl$/.exec(path)?.[1] ?? Number.NaN);
      const operation = operations[n - 1];
      if (operation?.status !== 'COMPLETED') return null;
      downloads += 1;
      return operation.generated ? operation.generated.lines() : operation.lines;
    },
  };
}
