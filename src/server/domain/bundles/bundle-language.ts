// A bundle's language, decided in the transaction that stores its products: the language most of them were
// detected in (catalogue-language.ts), unless the request named one, which stays with source `user`; the
// detected languages are kept beside it either way, so a mixed catalogue says so.
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type CatalogueLanguage, canonicalLanguageTag } from '../../../common/contract/language';
import type { Queryable } from '../../db/client';
import { computedRow, rawRows } from '../../db/raw-rows';
import { bundles, bundleWorkflows } from '../../db/schema';
import {
  catalogueLanguageOf,
  givenLanguage,
  type LanguageTally,
  productLanguage,
} from '../../leaves/catalogue-language/catalogue-language';
import type { ParsedProduct } from '../list-import/parse-product-list';

const tallyRow = computedRow({
  language: z.string().nullable(),
  products: z.number(),
  weight: z.number(),
});

/** The detected languages of a bundle's products, counted where they are stored (one index range). */
async function tallies(tx: Queryable, bundleId: number): Promise<LanguageTally[]> {
  return rawRows(
    tx,
    tallyRow,
    sql`
    select language, count(*)::int as products, coalesce(sum(language_confidence), 0)::float8 as weight
    from products where bundle_id = ${bundleId} and language_confidence is not null
    group by language`,
  );
}

/** The columns a bundle is written with when the request names its language (before any product is read). */
export function givenLanguageColumns(tag: string | undefined) {
  return tag ? { language: canonicalLanguageTag(tag), languageSource: 'user' as const } : {};
}

/**
 * Decides the bundle's language from its stored products and writes it: detected, unless the bundle's
 * language was given (source `user`), which only gets the detected languages beside it.
 */
export async function settleBundleLanguage(tx: Queryable, bundleId: number): Promise<CatalogueLanguage> {
  const [bundle] = await tx
    .select({ language: bundles.language, source: bundles.languageSource })
    .from(bundles)
    .where(eq(bundles.id, bundleId));
  const detected = catalogueLanguageOf(await tallies(tx, bundleId));
  const decided =
    bundle?.source === 'user' && bundle.language ? givenLanguage(bundle.language, detected) : detected;
  await tx
    .update(bundles)
    .set({
      language: decided.language,
      languageSource: decided.source,
      languageConfidence: decided.confidence,
      languageMix: decided.detected,
    })
    .where(eq(bundles.id, bundleId));
  return decided;
}

/** Products detected between turns of the event loop: some 50 ms of tinyld. */
const DETECT_SLICE = 400;

/**
 * The products of a run the import did not detect (it read a sample: product-languages.ts), detected while
 * the run's rows are written, a slice between turns of the event loop, and the bundle's language decided
 * again from all of them: no copy is written before the language is final. `productIds` in `parsed`'s order.
 */
export async function detectRemainingLanguages(
  tx: Queryable,
  runId: number,
  parsed: readonly ParsedProduct[],
  productIds: readonly number[],
): Promise<void> {
  const ids: number[] = [];
  const languages: (string | null)[] = [];
  const confidences: number[] = [];
  for (let index = 0; index < parsed.length; index++) {
    const product = parsed[index]!;
    if (product.languageConfidence !== undefined) continue;
    if (ids.length > 0 && ids.length % DETECT_SLICE === 0) {
      await new Promise((resolve) => setImmediate(resolve));
    }
    const found = productLanguage(product.details.product_name, product.details.description);
    ids.push(productIds[index]!);
    languages.push(found.language);
    confidences.push(found.languageConfidence);
  }
  if (ids.length === 0) return;
  await tx.execute(sql`
    update products p set language = u.language, language_confidence = u.confidence
    from unnest(${sql.param(ids)}::int[], ${sql.param(languages)}::text[], ${sql.param(confidences)}::real[])
      as u(id, language, confidence)
    where p.id = u.id`);
  const [run] = await tx
    .select({ bundleId: bundleWorkflows.bundleId })
    .from(bundleWorkflows)
    .where(eq(bundleWorkflows.id, runId));
  if (run) await settleBundleLanguage(tx, run.bundleId);
}

/** A bundle's stored language as the contract answers it. */
export function catalogueLanguageFrom(row: {
  language: string | null;
  language_source: string | null;
  language_confidence: number | null;
  language_mix: CatalogueLanguage['detected'] | null;
}): CatalogueLanguage {
  return {
    language: row.language,
    source: row.language_source === 'user' || row.language_source === 'detected' ? row.language_source : null,
    confidence: row.language_confidence,
    detected: row.language_mix ?? [],
  };
}
