// The jsonld export (src/server/domain/export/jsonld.ts) read back as a schema: a @graph of Product and ProductGroup
// nodes, each ProductGroup with its variants in hasVariant. Loose objects keep every other field (offers,
// gtin, size, …) as `unknown` for toMatchObject; the fields tests select by are typed.
import { z } from 'zod';

const product = z.looseObject({
  '@type': z.string(),
  sku: z.string().optional(),
  name: z.string().optional(),
  additionalProperty: z.array(z.looseObject({ name: z.string(), value: z.string() })).optional(),
});

const node = product.extend({
  productGroupID: z.string().optional(),
  hasVariant: z.array(product).optional(),
});

export const jsonLdDocument = z.looseObject({ '@graph': z.array(node) });

/** The export's nodes, parsed. */
export function jsonLdGraph(text: string) {
  return jsonLdDocument.parse(JSON.parse(text))['@graph'];
}
