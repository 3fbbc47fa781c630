// A contract schema as JSON Schema 2020-12, which OpenAPI 3.1 uses as is (zod 4's toJSONSchema).
import { z } from 'zod';

export function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  // A binary answer (z.instanceof(Uint8Array)) has no JSON form; its operation describes it as bytes instead.
  const { $schema: _, ...rest } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    target: 'draft-2020-12',
  });
  return rest;
}
