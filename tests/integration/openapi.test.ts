// The published contract: /api/openapi.json validates as OpenAPI 3.1 with a maintained validator
// and describes every function of the contract; /api/docs serves its viewer from the app itself.
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { FUNCTION_NAMES } from '../../src/common/contract/functions';
import { FUNCTION_SCOPES } from '../../src/server/http/function-scopes';
import { type OpenApiDocument, objectSchema, openApiDocument } from '../support/openapi-document';
import { setupTestApp } from '../support/test-app';

const t = setupTestApp({ signedIn: false });

/** The functions of the contract the document leaves out or describes without request or response schema. */
function undescribed(document: OpenApiDocument): string[] {
  return FUNCTION_NAMES.filter((name) => {
    const post = document.paths[`/functions/v1/${name}`]?.post;
    const request = post?.requestBody?.content['application/json']?.schema;
    const ok = post?.responses['200']?.content;
    const response = ok?.['application/json']?.schema ?? ok?.['application/octet-stream']?.schema;
    return !post || post.operationId !== name || !request || !response;
  });
}

async function fetchDocument(): Promise<OpenApiDocument> {
  const response = await t.app.app.request('/api/openapi.json');
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('application/json');
  return openApiDocument.parse(await response.json());
}

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const document = await fetchDocument();
    expect(document.openapi).toBe('3.1.0');
    const validator = new Validator();
    const result = await validator.validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    // And the validator is not one that passes anything: a response without its description fails.
    const broken = structuredClone(document);
    delete broken.paths['/functions/v1/list-bundles']!.post!.responses['200']!.description;
    expect((await new Validator().validate(broken)).valid).toBe(false);
  });

  it('lists every function of the contract with its request and response schema', async () => {
    const document = await fetchDocument();
    expect(undescribed(document)).toEqual([]);
    expect(Object.keys(document.paths)).toHaveLength(FUNCTION_NAMES.length);
    // The check above is not vacuous: a document missing a function fails it, naming the function.
    const { '/functions/v1/new-bundle': _, ...rest } = document.paths;
    expect(undescribed({ ...document, paths: rest })).toEqual(['new-bundle']);
  });

  it('describes fields, errors, scopes and the Idempotency-Key', async () => {
    const document = await fetchDocument();
    const newBundle = document.paths['/functions/v1/new-bundle']!.post!;
    const request = objectSchema.parse(newBundle.requestBody!.content['application/json']!.schema);
    expect(request.required).toContain('bundle_name');
    expect(Object.keys(request.properties)).toEqual(
      expect.arrayContaining(['columns', 'raw_csv', 'store_export']),
    );
    expect(Object.keys(newBundle.responses)).toEqual(
      expect.arrayContaining(['200', '400', '401', '403', '404', '409', '429', '500', '503']),
    );
    expect(newBundle.parameters).toContainEqual({ $ref: '#/components/parameters/IdempotencyKey' });
    expect(JSON.stringify(document.components)).toContain('"name":"Idempotency-Key"');
    // Only the error statuses new-bundle can answer: no unknown_bundle or unknown_store of other functions
    // (a workspace header naming another's workspace is the route's own).
    expect(newBundle.responses['404']?.description).toBe(
      'Error type `unknown_workspace`, `unknown_workflow`',
    );
    expect(newBundle.parameters).toContainEqual({ $ref: '#/components/parameters/WorkspaceId' });
    expect(newBundle.security).toContainEqual({ apiKey: ['write'] });
    const createKey = document.paths['/functions/v1/create-api-key']!.post!;
    expect(createKey.security?.some((s) => 'apiKey' in s)).toBe(false);
    for (const name of FUNCTION_NAMES) {
      const scope = FUNCTION_SCOPES[name];
      const security = document.paths[`/functions/v1/${name}`]!.post!.security!;
      expect(
        security.some((s) => s.apiKey?.[0] === scope),
        name,
      ).toBe(scope !== null);
    }
  });
});

describe('GET /api/docs', () => {
  it('serves the viewer page and its files from the app, with no inline script', async () => {
    const page = await t.app.app.request('/api/docs');
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('/api/docs/swagger-ui-bundle.js');
    expect(html).not.toMatch(/<script>(?!<\/script>)/);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    for (const [file, type] of [
      ['swagger-ui-bundle.js', 'text/javascript'],
      ['swagger-ui.css', 'text/css'],
      ['init.js', 'text/javascript'],
    ]) {
      const asset = await t.app.app.request(`/api/docs/${file}`);
      expect(asset.status, file).toBe(200);
      expect(asset.headers.get('content-type')).toContain(type);
    }
    expect((await t.app.app.request('/api/docs/package.json')).status).toBe(404);
  });
});
