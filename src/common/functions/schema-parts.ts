// Small schemas every area of the contract shares.
import { z } from 'zod';

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
