// Every GraphQL document the app sends to Shopify's Admin API, in one place, so that one test can validate all
// of them (and the bulk query inside bulkOperationRunQuery) against Shopify's published schema:
// tests/unit/shopify-documents.test.ts. A document written anywhere else fails that test's guard.

const VARIANT_FIELDS = 'id sku barcode price selectedOptions { name value } media(first: 1) { nodes { id } }';
const MEDIA_FIELDS = '... on MediaImage { id alt image { url } }';

/** The credentials' proof: the shop, and the scopes the token holds. */
export const SHOP_AND_SCOPES =
  '{ shop { name currencyCode } currentAppInstallation { accessScopes { handle } } }';
export const ACCESS_SCOPES = '{ currentAppInstallation { accessScopes { handle } } }';

/** How many products the store holds: exact (limit: null lifts the default cap of 10,000). */
export const PRODUCTS_COUNT = '{ productsCount(limit: null) { count precision } }';

export const PRODUCTS_PAGE = `query Products($after: String) {
  products(first: 10, after: $after) {
    pageInfo { hasNextPage endCursor }
    nodes {
      id handle title descriptionHtml vendor productType tags status updatedAt
      seo { title description }
      variants(first: 10) { pageInfo { hasNextPage endCursor } nodes { ${VARIANT_FIELDS} } }
      media(first: 10) { pageInfo { hasNextPage endCursor } nodes { ${MEDIA_FIELDS} } }
    }
  }
}`;

export const MORE_VARIANTS = `query MoreVariants($id: ID!, $after: String) {
  product(id: $id) { variants(first: 100, after: $after) { pageInfo { hasNextPage endCursor } nodes { ${VARIANT_FIELDS} } } }
}`;

export const MORE_MEDIA = `query MoreMedia($id: ID!, $after: String) {
  product(id: $id) { media(first: 100, after: $after) { pageInfo { hasNextPage endCursor } nodes { ${MEDIA_FIELDS} } } }
}`;

/**
 * The catalogue as one bulk query (sent as bulkOperationRunQuery's `query`). A bulk query may nest connections
 * only two deep, so a variant's image is its `image`, not its media connection.
 */
export const BULK_PRODUCTS = `{
  products {
    edges { node {
      id handle title descriptionHtml vendor productType tags status updatedAt
      seo { title description }
      variants { edges { node { id sku barcode price selectedOptions { name value } image { url } } } }
      media { edges { node { ... on MediaImage { id alt image { url } } } } }
    } }
  }
}`;

/** groupObjects: false streams the JSONL in the order Shopify reads it (the default turns to false in 2026-01). */
export const RUN_BULK_QUERY = `mutation RunBulkQuery($query: String!) {
  bulkOperationRunQuery(query: $query, groupObjects: false) {
    bulkOperation { id status }
    userErrors { field message code }
  }
}`;

export const BULK_OPERATION = `query BulkOperation($id: ID!) {
  node(id: $id) { ... on BulkOperation { id status errorCode objectCount rootObjectCount url } }
}`;

export const CURRENT_BULK_OPERATION = '{ currentBulkOperation(type: QUERY) { id status } }';

/** What a push compares and writes: a product's live copy. */
export const LIVE_PRODUCTS = `query Live($ids: [ID!]!) {
  nodes(ids: $ids) {
    ... on Product { id handle updatedAt descriptionHtml seo { title description } media(first: 50) { nodes { ... on MediaImage { id alt } } } }
  }
}`;

export const PRODUCT_UPDATE = `mutation Update($product: ProductUpdateInput!) {
  productUpdate(product: $product) { product { id handle updatedAt } userErrors { field message } }
}`;

export const FILE_UPDATE = `mutation Alt($files: [FileUpdateInput!]!) {
  fileUpdate(files: $files) { files { id alt } userErrors { field message } }
}`;

/**
 * A redirect by its path. `query` is a search, not a lookup: even quoted it can answer longer paths that start
 * the same (`/products/chair-2` for `/products/chair`), so the caller compares each answer's `path`.
 */
export const FIND_REDIRECT = `query Redirect($query: String!) { urlRedirects(first: 50, query: $query) { nodes { id path } } }`;

export const DELETE_REDIRECT = `mutation Delete($id: ID!) { urlRedirectDelete(id: $id) { deletedUrlRedirectId userErrors { field message } } }`;

/**
 * A product's translatable content (key, value, digest) and its translations in one locale: what a push of
 * translations compares. One locale a call, since `translations` takes one and a document is a constant.
 */
export const PRODUCT_TRANSLATIONS = `query Translations($id: ID!, $locale: String!) {
  translatableResource(resourceId: $id) {
    resourceId
    translatableContent { key value digest locale }
    translations(locale: $locale) { key value locale }
  }
}`;

/** The digests a translation is registered against, read right before writing (the content may just have changed). */
export const TRANSLATABLE_DIGESTS = `query Digests($id: ID!) {
  translatableResource(resourceId: $id) { resourceId translatableContent { key digest } }
}`;

export const REGISTER_TRANSLATIONS = `mutation Register($id: ID!, $translations: [TranslationInput!]!) {
  translationsRegister(resourceId: $id, translations: $translations) {
    translations { key locale value }
    userErrors { field message code }
  }
}`;

export const REMOVE_TRANSLATIONS = `mutation Remove($id: ID!, $keys: [String!]!, $locales: [String!]!) {
  translationsRemove(resourceId: $id, translationKeys: $keys, locales: $locales) {
    translations { key locale }
    userErrors { field message code }
  }
}`;
