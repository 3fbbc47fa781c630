// Small schemas every area of the contract shares.
import { z } from 'zod';

/** ids are PostgreSQL integers: a larger number could never name a row, and would fail the query. */
export const id = z.number().int().positive().max(2_147_483_647);
export const noBody = z.object({});
export const spendingCap = z.number().positive().max(1_000_000);
