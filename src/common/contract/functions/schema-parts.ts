// Small schemas every area of the contract shares.
import { z } from 'zod';
import { BUNDLE_LIMITS } from '../constants';

/** ids are PostgreSQL integers: a larger number could never name a row, and would fail the query. */
export const id = z.number().int().positive().max(2_147_483_647);
export const noBody = z.object({});
export const spendingCap = z.number().positive().max(1_000_000);
/** An ISO 4217 currency code (EUR, USD, JPY…): three letters, written in capitals. */
export const currencyCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, 'currency must be an ISO 4217 code of three letters, such as EUR or USD')
  .refine((code) => {
    try {
      return new Intl.DisplayNames(['en'], { type: 'currency', fallback: 'none' }).of(code) !== undefined;
    } catch {
      return false;
    }
  }, 'currency must be an ISO 4217 code, such as EUR or USD');

/** A bundle's name, as new-bundle and import-store take it. */
export const bundleName = z
  .string()
  .trim()
  .min(1, 'bundle_name must not be empty')
  .max(
    BUNDLE_LIMITS.maxBundleNameLength,
    `bundle_name must be at most ${BUNDLE_LIMITS.maxBundleNameLength} characters`,
  );
