// The Shopify fake's translations (fake-shopify.ts): `translatableResource` answers a product's content in the
// shop's primary locale, each value with its digest (the SHA-256 of the value, in hex, as Shopify's are), and
// its translations in one locale; `translationsRegister` takes a translation only against the digest of the
// content as it is now, for a key the product has content for and a locale the shop has published, as
// Shopify does (https://shopify.dev/docs/apps/build/markets/manage-translated-content); `translationsRemove`
// drops them. A translation does not move the product's updatedAt. No test-framework imports.
import { createHash } from 'node:crypto';

export const TRANSLATIONS_SCHEMA = `
  enum LocalizableContentType { SINGLE_LINE_TEXT_FIELD MULTI_LINE_TEXT_FIELD HTML URI STRING }
  type TranslatableContent { key: String! value: String digest: String locale: String! type: LocalizableContentType! }
  type Translation { key: String! locale: String! value: String outdated: Boolean! updatedAt: String }
  type TranslatableResource {
    resourceId: ID!
    translatableContent(marketId: ID): [TranslatableContent!]!
    translations(locale: String!, outdated: Boolean, marketId: ID): [Translation!]!
  }
  input TranslationInput { locale: String! key: String! value: String! translatableContentDigest: String! marketId: ID }
  enum TranslationErrorCode {
    BLANK INVALID RESOURCE_NOT_FOUND INVALID_KEY_FOR_MODEL INVALID_TRANSLATABLE_CONTENT INVALID_LOCALE_FOR_SHOP
  }
  type TranslationUserError { code: TranslationErrorCode field: [String!] message: String! }
  type TranslationsRegisterPayload { translations: [Translation!] userErrors: [TranslationUserError!]! }
  type TranslationsRemovePayload { translations: [Translation!] userErrors: [TranslationUserError!]! }
`;

/** The product fields translatableResource reads, by their Shopify keys. */
export type TranslatableProduct = {
  id: number;
  title: string;
  handle: string;
  descriptionHtml: string;
  productType: string;
  seo: { title: string | null; description: string | null };
};

/** One registered translation: its text and the digest of the content it was registered against. */
export type FakeTranslation = { value: string; digest: string; updatedAt: string };

/** A product's translations: locale → key → translation. */
export type FakeTranslations = Map<number, Map<string, Map<string, FakeTranslation>>>;

export const digestOf = (value: string) => createHash('sha256').update(value).digest('hex');

const CONTENT: { key: string; type: string; read: (product: TranslatableProduct) => string | null }[] = [
  { key: 'title', type: 'SINGLE_LINE_TEXT_FIELD', read: (p) => p.title },
  { key: 'body_html', type: 'HTML', read: (p) => p.descriptionHtml },
  { key: 'handle', type: 'URI', read: (p) => p.handle },
  { key: 'product_type', type: 'SINGLE_LINE_TEXT_FIELD', read: (p) => p.productType },
  { key: 'meta_title', type: 'SINGLE_LINE_TEXT_FIELD', read: (p) => p.seo.title },
  { key: 'meta_description', type: 'MULTI_LINE_TEXT_FIELD', read: (p) => p.seo.description },
];

const numericId = (value: string) => Number(/\/Product\/(\d+)$/.exec(value)?.[1] ?? Number.NaN);
const error = (code: string, field: string[], message: string) => ({ code, field, message });

export function createFakeTranslations(options: {
  products: TranslatableProduct[];
  primaryLocale: string;
  /** The shop's published locales besides the primary one. */
  locales: string[];
}) {
  const translations: FakeTranslations = new Map();
  const find = (resourceId: string) => options.products.find((p) => p.id === numericId(resourceId));
  /** Only keys the product holds text of, as Shopify lists them. */
  const contentOf = (product: TranslatableProduct) =>
    CONTENT.flatMap(({ key, type, read }) => {
      const value = read(product);
      return value ? [{ key, type, value, digest: digestOf(value), locale: options.primaryLocale }] : [];
    });
  const view = (product: TranslatableProduct, locale: string) => {
    const digests = new Map(contentOf(product).map((content) => [content.key, content.digest]));
    return [...(translations.get(product.id)?.get(locale) ?? new Map()).entries()].map(([key, t]) => ({
      key,
      locale,
      value: t.value,
      outdated: digests.get(key) !== t.digest,
      updatedAt: t.updatedAt,
    }));
  };
  const register = (resourceId: string, inputs: TranslationInput[]) => {
    const product = find(resourceId);
    if (!product)
      return {
        translations: null,
        userErrors: [error('RESOURCE_NOT_FOUND', ['resourceId'], 'Resource does not exist')],
      };
    const content = new Map(contentOf(product).map((c) => [c.key, c]));
    const userErrors = inputs.flatMap((input, i) => {
      const at = ['translations', String(i)];
      if (input.locale === options.primaryLocale || !options.locales.includes(input.locale))
        return [
          error(
            'INVALID_LOCALE_FOR_SHOP',
            [...at, 'locale'],
            `Locale ${input.locale} is not published on this shop`,
          ),
        ];
      const own = content.get(input.key);
      if (!own)
        return [
          error(
            'INVALID_KEY_FOR_MODEL',
            [...at, 'key'],
            `Key ${input.key} is not a valid translatable field`,
          ),
        ];
      if (own.digest !== input.translatableContentDigest)
        return [
          error(
            'INVALID_TRANSLATABLE_CONTENT',
            [...at, 'translatableContentDigest'],
            'Translatable content hash is invalid',
          ),
        ];
      if (input.value.trim() === '') return [error('BLANK', [...at, 'value'], "Value can't be blank")];
      return [];
    });
    if (userErrors.length > 0) return { translations: null, userErrors };
    const locales = translations.get(product.id) ?? new Map<string, Map<string, FakeTranslation>>();
    translations.set(product.id, locales);
    const updatedAt = new Date().toISOString();
    for (const input of inputs) {
      const keys = locales.get(input.locale) ?? new Map<string, FakeTranslation>();
      locales.set(input.locale, keys);
      keys.set(input.key, { value: input.value, digest: input.translatableContentDigest, updatedAt });
    }
    return {
      translations: inputs.map((input) => ({
        key: input.key,
        locale: input.locale,
        value: input.value,
        outdated: false,
        updatedAt,
      })),
      userErrors: [],
    };
  };
  const remove = (resourceId: string, keys: string[], locales: string[]) => {
    const product = find(resourceId);
    if (!product)
      return {
        translations: null,
        userErrors: [error('RESOURCE_NOT_FOUND', ['resourceId'], 'Resource does not exist')],
      };
    const removed = [];
    for (const locale of locales) {
      const held = translations.get(product.id)?.get(locale);
      for (const key of keys) {
        const translation = held?.get(key);
        if (!translation) continue;
        held!.delete(key);
        removed.push({
          key,
          locale,
          value: translation.value,
          outdated: false,
          updatedAt: translation.updatedAt,
        });
      }
      if (held?.size === 0) translations.get(product.id)!.delete(locale);
    }
    if (translations.get(product.id)?.size === 0) translations.delete(product.id);
    return { translations: removed, userErrors: [] };
  };
  return {
    translations,
    root: {
      translatableResource: ({ resourceId }: { resourceId: string }) => {
        const product = find(resourceId);
        if (!product) return null;
        return {
          resourceId,
          translatableContent: () => contentOf(product),
          translations: ({ locale }: { locale: string }) => view(product, locale),
        };
      },
      translationsRegister: (args: { resourceId: string; translations: TranslationInput[] }) =>
        register(args.resourceId, args.translations),
      translationsRemove: (args: { resourceId: string; translationKeys: string[]; locales: string[] }) =>
        remove(args.resourceId, args.translationKeys, args.locales),
    },
  };
}

type TranslationInput = { locale: string; key: string; value: string; translatableContentDigest: string };
