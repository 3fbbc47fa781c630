// The parts of /api/openapi.json that the tests read, as a schema: the OpenAPI validator checks the whole
// document, this types what a test reaches into. Loose objects keep every other key, so the parsed document is
// still the whole document (and still validates).
import { z } from 'zod';

const jsonSchema = z.record(z.string(), z.unknown());
const media = z.looseObject({ schema: jsonSchema.optional() });

const operation = z.looseObject({
  operationId: z.string(),
  tags: z.array(z.string()).optional(),
  requestBody: z.looseObject({ content: z.record(z.string(), media) }).optional(),
  responses: z.record(
    z.string(),
    z.looseObject({ description: z.string().optional(), content: z.record(z.string(), media).optional() }),
  ),
  security: z.array(z.record(z.string(), z.array(z.string()))).optional(),
  parameters: z.array(z.record(z.string(), z.unknown())).optional(),
});

export const openApiDocument = z.looseObject({
  openapi: z.string(),
  paths: z.record(z.string(), z.looseObject({ post: operation.optional() })),
  components: z.record(z.string(), z.unknown()).optional(),
});
export type OpenApiDocument = z.infer<typeof openApiDocument>;

/** An object schema in the document: its properties and the names it requires. */
export const objectSchema = z.looseObject({
  properties: z.record(z.string(), z.unknown()),
  required: z.array(z.string()),
});
