// Products made up by number, for catalogues too large to keep as fixtures (the soak, the scale tests).
// No test runner needed: the soak bench uses it too.

const KINDS = ['Canvas Tote', 'Wool Beanie', 'Linen Shirt', 'Leather Belt', 'Cotton Hoodie', 'Denim Jacket'];
const BRANDS = ['Northwind', 'Fjord Supply', 'Harbour Goods', 'Alder & Pine'];

export type SyntheticProduct = { title: string; kind: string; brand: string };

/**
 * The product at `index` (from 0), titled like 'Canvas Tote Edition 12': every title distinct and free of colour
 * and size words, so nothing is a variant.
 */
export function syntheticProduct(index: number): SyntheticProduct {
  const kind = KINDS[index % KINDS.length]!;
  return { title: `${kind} Edition ${index + 1}`, kind, brand: BRANDS[index % BRANDS.length]! };
}
