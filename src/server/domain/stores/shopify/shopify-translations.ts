// A product's translations in a Shopify store (decision 040): read with `translatableResource` (the content in
// the store's default language, with the digest of each value, and the translations in one locale), written
// with `translationsRegister` against the digests read right before, and removed with `translationsRemove`
// where an undo finds the store had none. https://shopify.dev/docs/apps/build/markets/manage-translated-content
import type { FieldWrite } from '../platform';
import { parseTranslationField, type TranslatedField, translationField } from '../push-translations';
import {
  productTranslationsAnswer,
  registerTranslationsAnswer,
  removeTranslationsAnswer,
  translatableDigestsAnswer,
} from './shopify-answers';
import { type ShopifyConnection, shopifyGraphql } from './shopify-api';
import {
  PRODUCT_TRANSLATIONS,
  REGISTER_TRANSLATIONS,
  REMOVE_TRANSLATIONS,
  TRANSLATABLE_DIGESTS,
} from './shopify-documents';

/** Shopify's translatable product key for each field a push translates. */
const SHOPIFY_KEYS: Record<TranslatedField, string> = {
  heading: 'title',
  description: 'body_html',
  seo_title: 'meta_title',
  seo_description: 'meta_description',
};
const FIELD_OF_KEY = new Map(
  Object.entries(SHOPIFY_KEYS).map(([field, key]) => [key, field as TranslatedField]),
);

/**
 * The product's translations in each language as journal fields: a field whose content the store holds has
 * its translation, '' for none; a field it holds no text of (an empty SEO title) is absent, as there is
 * nothing to translate. Empty when the product is not there.
 */
export async function readShopifyTranslations(
  connection: ShopifyConnection,
  productId: string,
  languages: readonly string[],
): Promise<Map<string, string>> {
  const values = new Map<string, string>();
  for (const locale of languages) {
    const data = await shopifyGraphql(connection, PRODUCT_TRANSLATIONS, productTranslationsAnswer, {
      id: productId,
      locale,
    });
    const resource = data.translatableResource;
    if (!resource) return values;
    const translated = new Map(resource.translations.map((t) => [t.key, t.value ?? '']));
    for (const content of resource.translatableContent) {
      const field = FIELD_OF_KEY.get(content.key);
      if (field && content.value)
        values.set(translationField(locale, field), translated.get(content.key) ?? '');
    }
  }
  return values;
}

type UserError = { field?: string[] | null; message: string };
const describe = (errors: UserError[]) =>
  errors.map((e) => (e.field ? `${e.field.join('.')}: ${e.message}` : e.message)).join('; ');

/**
 * Writes a product's translation fields: each non-empty value registered against the digest of the content
 * as the store holds it now (read after the product's own fields were written, so a body changed in the same
 * push is the one translated), and each empty one removed. The first refusal is the product's error.
 */
export async function writeShopifyTranslations(
  connection: ShopifyConnection,
  productId: string,
  writes: FieldWrite[],
): Promise<string | null> {
  const parsed = writes.flatMap((write) => {
    const field = parseTranslationField(write.field);
    return field ? [{ ...field, key: SHOPIFY_KEYS[field.field], value: write.after }] : [];
  });
  const registers = parsed.filter((write) => write.value !== '');
  if (registers.length > 0) {
    const data = await shopifyGraphql(connection, TRANSLATABLE_DIGESTS, translatableDigestsAnswer, {
      id: productId,
    });
    const digests = new Map(
      (data.translatableResource?.translatableContent ?? []).map((c) => [c.key, c.digest]),
    );
    const missing = registers.find((write) => !digests.get(write.key));
    if (missing) return `${missing.key}: the store holds no text of it to translate`;
    const registered = await shopifyGraphql(connection, REGISTER_TRANSLATIONS, registerTranslationsAnswer, {
      id: productId,
      translations: registers.map((write) => ({
        key: write.key,
        value: write.value,
        locale: write.language,
        translatableContentDigest: digests.get(write.key),
      })),
    });
    const errors = registered.translationsRegister?.userErrors ?? [];
    if (errors.length > 0) return describe(errors);
  }
  for (const locale of new Set(parsed.filter((w) => w.value === '').map((w) => w.language))) {
    const keys = parsed.filter((w) => w.value === '' && w.language === locale).map((w) => w.key);
    const removed = await shopifyGraphql(connection, REMOVE_TRANSLATIONS, removeTranslationsAnswer, {
      id: productId,
      keys,
      locales: [locale],
    });
    const errors: UserError[] = removed.translationsRemove?.userErrors ?? [];
    if (errors.length > 0) return describe(errors);
  }
  return null;
}
