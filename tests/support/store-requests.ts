// What the app sent the fake stores, parsed where a test reads it: a Shopify productUpdate's `product` input
// and a WooCommerce batch body. Loose objects keep every other field as `unknown`.
import { z } from 'zod';

/** The `product` variable of a Shopify productUpdate mutation. */
export const shopifyProductInput = z.looseObject({
  id: z.string(),
  redirectNewHandle: z.boolean().optional(),
});

/** The product input of a recorded productUpdate call. */
export const productInputOf = (call: { variables: Record<string, unknown> }) =>
  shopifyProductInput.parse(call.variables.product);

/** A WooCommerce …/batch body: the items to update, each with its id. */
export const wooBatchBody = z.looseObject({
  update: z.array(z.looseObject({ id: z.number() })).optional(),
});
