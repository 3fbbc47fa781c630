// Every GraphQL document the app sends to Shopify validates against Shopify's published Admin schema
// (tests/fixtures/shopify), deprecated fields included, with variables of the shapes the app sends; and no
// document is written outside src/server/domain/stores/shopify/shopify-documents.ts, where this test can see it.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as documents from '../../src/server/domain/stores/shopify/shopify-documents';
import { refusalsOf } from '../support/shopify-admin-schema';

/** Variables as the app builds them (stores/shopify/shopify-write.ts, shopify-catalogue.ts, shopify-live.ts). */
type DocumentName = keyof typeof documents;
const VARIABLES: Partial<Record<DocumentName, Record<string, unknown>>> = {
  PRODUCTS_PAGE: { after: 'eyJsYXN0X2lkIjoxfQ==' },
  MORE_VARIANTS: { id: 'gid://shopify/Product/1', after: null },
  MORE_MEDIA: { id: 'gid://shopify/Product/1', after: 'abc' },
  RUN_BULK_QUERY: { query: documents.BULK_PRODUCTS },
  BULK_OPERATION: { id: 'gid://shopify/BulkOperation/1' },
  LIVE_PRODUCTS: { ids: ['gid://shopify/Product/1', 'gid://shopify/Product/2'] },
  PRODUCT_UPDATE: {
    product: {
      id: 'gid://shopify/Product/1',
      descriptionHtml: '<p>Ours</p>',
      seo: { title: 'A title', description: 'A description' },
      handle: 'a-handle',
      redirectNewHandle: true,
    },
  },
  FILE_UPDATE: { files: [{ id: 'gid://shopify/MediaImage/1', alt: 'A photo of the chair' }] },
  FIND_REDIRECT: { query: 'path:"/products/old-handle"' },
  DELETE_REDIRECT: { id: 'gid://shopify/UrlRedirect/1' },
  PRODUCT_TRANSLATIONS: { id: 'gid://shopify/Product/1', locale: 'en' },
  TRANSLATABLE_DIGESTS: { id: 'gid://shopify/Product/1' },
  REGISTER_TRANSLATIONS: {
    id: 'gid://shopify/Product/1',
    translations: [{ key: 'title', value: 'Chair', locale: 'en', translatableContentDigest: 'ab12' }],
  },
  REMOVE_TRANSLATIONS: { id: 'gid://shopify/Product/1', keys: ['title', 'meta_title'], locales: ['en'] },
};

// The bulk query is sent inside RUN_BULK_QUERY's variables, and checked there.
const SENT = Object.entries(documents).filter(([name]) => name !== 'BULK_PRODUCTS') as [
  DocumentName,
  string,
][];

/** `const NAME = { a: DOCUMENT_A, b: DOCUMENT_B }` in `text`, every value one of the documents. */
function isMapOfDocuments(text: string, name: string): boolean {
  const body = new RegExp(`const ${name} = \\{([^}]*)\\}`).exec(text)?.[1];
  const values = [...(body ?? '').matchAll(/:\s*(\w+)/g)].map((match) => match[1]!);
  return values.length > 0 && values.every((value) => value in documents);
}

describe("the documents sent to Shopify, against Shopify's Admin schema", () => {
  it.each(SENT)('%s validates, with its variables', (name, document) => {
    expect(refusalsOf(document, VARIABLES[name] ?? {})).toEqual([]);
  });

  it('refuses a renamed field, a wrong variable and a bad bulk query, so the checks above are not empty', () => {
    expect(
      refusalsOf(documents.LIVE_PRODUCTS.replace('descriptionHtml', 'descriptionHTML'), {}).join(),
    ).toMatch(/descriptionHTML/);
    const wrongInput = { product: { id: 'gid://shopify/Product/1', bodyHtml: '<p>x</p>' } };
    expect(refusalsOf(documents.PRODUCT_UPDATE, wrongInput).join()).toMatch(/bodyHtml/);
    const badBulk = { query: documents.BULK_PRODUCTS.replace('productType', 'product_type') };
    expect(refusalsOf(documents.RUN_BULK_QUERY, badBulk).join()).toMatch(/bulk query: .*product_type/);
  });

  it('finds no GraphQL document written outside shopify-documents.ts', () => {
    const root = path.resolve(import.meta.dirname, '../../src/server');
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(file);
        else if (/\.ts$/.test(entry.name) && !entry.name.endsWith('.test.ts')) {
          if (entry.name === 'shopify-documents.ts') continue;
          const text = readFileSync(file, 'utf8');
          // A call's document is a constant imported from shopify-documents.ts (or a map of them), never a
          // literal or a string built on the spot.
          for (const call of text.matchAll(/shopifyGraphql(?:<[^(]*?>)?\(\s*[\w.]+,\s*([^,)\s]+)/gs)) {
            const name = /^[A-Z][A-Z_]+/.exec(call[1]!)?.[0];
            if (!name || !(name in documents || isMapOfDocuments(text, name))) {
              offenders.push(`${path.relative(root, file)}: ${call[1]}`);
            }
          }
        }
      }
    };
    walk(root);
    expect(offenders).toEqual([]);
  });
});
