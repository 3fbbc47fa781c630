// What the API document declares for one operation and status, held against a real Response: the status must
// be declared, the Content-Type's media type must be one of its content keys (none for a 304), every required
// header must be there, and every function header the answer carries must be declared.
import { buildOpenApiDocument } from '../../src/server/http/openapi';

type Declared = {
  content?: Record<string, unknown>;
  headers?: Record<string, { $ref: string }>;
};
type Components = { headers: Record<string, { required?: boolean }> };

// The headers a function's answer may carry besides the app's own (security, request id): these must be in
// the document whenever they are sent.
const FUNCTION_HEADERS = [
  'etag',
  'idempotent-replayed',
  'retry-after',
  'content-disposition',
  'cache-control',
];

const document = buildOpenApiDocument('http://localhost:3000') as unknown as {
  paths: Record<string, { post: { responses: Record<string, Declared> } }>;
  components: Components;
};

/** The differences between `response` and what the document declares for `name` (empty when none). */
export function differences(name: string, response: Response): string[] {
  const declared = document.paths[`/functions/v1/${name}`]?.post.responses[String(response.status)];
  if (!declared) return [`${name}: status ${response.status} is not declared`];
  const problems: string[] = [];
  const type = response.headers.get('content-type')?.split(';')[0]?.trim();
  const types = Object.keys(declared.content ?? {});
  if (type ? !types.includes(type) : types.length > 0) {
    problems.push(
      `${name} ${response.status}: content type ${type ?? 'none'}, declared ${types.join(', ') || 'none'}`,
    );
  }
  const headers = Object.fromEntries(
    Object.entries(declared.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]),
  );
  for (const [header, { $ref }] of Object.entries(headers)) {
    const required = document.components.headers[$ref.split('/').pop()!]?.required === true;
    if (required && !response.headers.has(header)) problems.push(`${name} ${response.status}: no ${header}`);
  }
  for (const header of FUNCTION_HEADERS) {
    if (response.headers.has(header) && !headers[header]) {
      problems.push(`${name} ${response.status}: ${header} sent but not declared`);
    }
  }
  return problems;
}
