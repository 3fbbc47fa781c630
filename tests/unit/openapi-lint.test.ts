// The OpenAPI document through Redocly's linter (the rules `redocly lint` applies), so that a generated
// client can trust it: every operation tagged with a tag the document defines, unique operation ids, and
// every path parameter and response declared.
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { describe, expect, it } from 'vitest';
import { FUNCTION_AREAS, FUNCTION_NAMES } from '../../src/common/contract/functions';
import { buildOpenApiDocument } from '../../src/server/http/openapi';
import { openApiDocument } from '../support/openapi-document';

const RULES = {
  'operation-tag-defined': 'error',
  'operation-operationId-unique': 'error',
  'operation-2xx-response': 'error',
  'no-unresolved-refs': 'error',
  'tags-alphabetical': 'off',
  struct: 'error',
} as const;

async function problemsOf(document: unknown) {
  const config = await createConfig({ rules: RULES });
  const problems = await lintFromString({
    source: JSON.stringify(document),
    absoluteRef: 'openapi.json',
    config,
  });
  return problems.filter((problem) => problem.severity === 'error').map((p) => `${p.ruleId}: ${p.message}`);
}

describe('the OpenAPI document under redocly lint', () => {
  it('tags every operation with a tag it defines, one per area of the contract', async () => {
    const document = openApiDocument.parse(buildOpenApiDocument('http://localhost:3000'));
    expect(await problemsOf(document)).toEqual([]);
    const tagsUsed = new Set(Object.values(document.paths).flatMap((path) => path.post?.tags ?? []));
    expect([...tagsUsed].sort()).toEqual(Object.keys(FUNCTION_AREAS).sort());
    expect(Object.keys(document.paths)).toHaveLength(FUNCTION_NAMES.length);
  });

  it('fails an operation tagged outside the defined tags', async () => {
    const document = openApiDocument.parse(buildOpenApiDocument('http://localhost:3000'));
    const first = Object.values(document.paths)[0]!.post!;
    first.tags = ['other'];
    expect((await problemsOf(document)).join('\n')).toMatch(/operation-tag-defined/);
  });
});
