// Small schemas every area of the contract shares.
import { z } from 'zod';
import { ALLOWED_COLUMNS, BUNDLE_LIMITS } from '../constants';

/** ids are PostgreSQL integers: a larger number could never name a row, and would fail the query. */
export const id = z.number().int().positive().max(2_147_483_647);
export const noBody = z.object({});
export const spendingCap = z.number().positive().max(1_000_000);
/** Whether three capital letters are an ISO 4217 currency code the runtime knows (EUR, USD, JPY…). */
export function isCurrencyCode(code: string): boolean {
  try {
    return new Intl.DisplayNames(['en'], { type: 'currency', fallback: 'none' }).of(code) !== undefined;
  } catch {
    return false;
  }
}

/** An ISO 4217 currency code (EUR, USD, JPY…): three letters, written in capitals. */
export const currencyCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, 'currency must be an ISO 4217 code of three letters, such as EUR or USD')
  .refine(isCurrencyCode, 'currency must be an ISO 4217 code, such as EUR or USD');

/** A bundle's name, as new-bundle and import-store take it. */
export const bundleName = z
  .string()
  .trim()
  .min(1, 'bundle_name must not be empty')
  .max(
    BUNDLE_LIMITS.maxBundleNameLength,
    `bundle_name must be at most ${BUNDLE_LIMITS.maxBundleNameLength} characters`,
  );

const allowedColumns: readonly string[] = ALLOWED_COLUMNS;

/**
 * A pasted list's columns, in order: each one of ALLOWED_COLUMNS, the list the list parser checks against. The
 * JSON Schema (the API document) shows them as an enum; the type stays string[], since the web and the tests
 * pass the columns a pasted header named, and the refusal names the allowed ones.
 */
export const listColumns = z
  .array(
    z
      .string()
      .refine((column) => allowedColumns.includes(column), {
        error: (issue) =>
          `Unknown column ${JSON.stringify(issue.input)}. Allowed columns: ${ALLOWED_COLUMNS.join(', ')}.`,
      })
      .meta({ enum: [...ALLOWED_COLUMNS] }),
  )
  .min(1)
  .max(50);
