// schema.org JSON-LD for the run's products, following Google's product-variant guidance
// (docs/store-formats.md §d): a Product per product, and a ProductGroup with productGroupID, variesBy and
// hasVariant for a product with variants, each variant carrying its own sku, name and varying properties.
import type { BundleWorkflowProduct } from '../../common/entities';
import {
  groupOptions,
  type ProductGroup,
  type ProductOption,
  productHandle,
  productSku,
} from './product-keys';

// The variesBy properties Google lists (§d); an option with another name has no schema.org property.
const SCHEMA_PROPERTIES: Record<string, string> = {
  color: 'color',
  colour: 'color',
  size: 'size',
  material: 'material',
  pattern: 'pattern',
};

type JsonLd = Record<string, unknown>;

/** The product's page when the store gave a full http(s) address; a bare path has no host to resolve it on. */
function absoluteUrl(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

function productNode(product: BundleWorkflowProduct, options: ProductOption[]): JsonLd {
  const images = (product.image_details ?? []).map((image) => image.url).filter(Boolean);
  const sku = productSku(product);
  const brand = product.product_details.brand?.trim();
  const url = absoluteUrl(product.product_details.url);
  const node: JsonLd = {
    '@type': 'Product',
    name: product.heading || product.page_title || product.product_details.product_name || '',
    description: product.description || product.meta_description || '',
    ...(sku ? { sku } : {}),
    ...(brand ? { brand: { '@type': 'Brand', name: brand } } : {}),
    ...(url ? { url } : {}),
    ...(images.length > 0 ? { image: images } : {}),
  };
  for (const option of options) {
    const property = SCHEMA_PROPERTIES[option.name.toLowerCase()];
    if (property && option.value) node[property] = option.value;
  }
  return node;
}

/** One node of the graph: a Product, or a ProductGroup holding its variants. */
export function jsonLdNode(group: ProductGroup): JsonLd {
  const options = groupOptions(group);
  if (group.members.length < 2) return productNode(group.parent, options.get(group.parent.id) ?? []);
  const groupId = productHandle(group.parent);
  const names = (options.get(group.parent.id) ?? []).map((option) => option.name.toLowerCase());
  const variesBy = [...new Set(names.map((name) => SCHEMA_PROPERTIES[name]).filter(Boolean))];
  const { '@type': _type, sku: _sku, ...shared } = productNode(group.parent, []);
  return {
    '@type': 'ProductGroup',
    ...shared,
    productGroupID: groupId,
    variesBy: variesBy.map((property) => `https://schema.org/${property}`),
    hasVariant: group.members.map((member) => ({
      ...productNode(member, options.get(member.id) ?? []),
      inProductGroupWithID: groupId,
    })),
  };
}

export const JSONLD_HEAD = '{\n  "@context": "https://schema.org",\n  "@graph": [\n';
export const JSONLD_TAIL = '\n  ]\n}\n';

/** A node as it sits in the @graph list, indented to match JSONLD_HEAD. */
export const jsonLdEntry = (node: JsonLd) => `    ${JSON.stringify(node, null, 2).replace(/\n/g, '\n    ')}`;
