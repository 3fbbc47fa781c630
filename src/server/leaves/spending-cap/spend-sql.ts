// How a cap counts one `ai` log line, in SQL: settled calls at their cost, started ones at their reserved cost,
// and calls whose price is unknown (cost null) by their tokens at the dearest known price, since a cap cannot
// count them as free. Shared by the bundle's cap and the user's monthly budget.
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { computedRow } from '../../db/raw-rows';
import { UNKNOWN_PRICE_CAP_RATE } from '../ai/pricing';

/** The cap's cost of the log line aliased `l`. */
export function capCostOf(): SQL {
  return sql`coalesce(l.cost,
      (l.prompt_tokens * ${UNKNOWN_PRICE_CAP_RATE.inputPerMillion}::float8
        + l.completion_tokens * ${UNKNOWN_PRICE_CAP_RATE.outputPerMillion}::float8) / 1e6)`;
}

/** What has been spent, and of it what is reserved for calls not yet settled (sent, or lost in a crash). */
/** What sumSpendSql answers, parsed once (float8 sums arrive as numbers). */
export const spendRow = computedRow({ spent: z.number(), reserved: z.number() });
export type Spend = z.infer<typeof spendRow>;

/** Sums the cap's cost of the `ai` lines of `from` (a FROM clause over logs aliased `l`) and `where`. */
export function sumSpendSql(from: SQL, where: SQL): SQL {
  return sql`
    select coalesce(sum(${capCostOf()}), 0)::float8 as spent,
           coalesce(sum(${capCostOf()}) filter (where l.call_state = 'started'), 0)::float8 as reserved
    from ${from}
    where l.type = 'ai' and ${where}`;
}

export function toSpend(row: Spend | undefined): Spend {
  return { spent: Number(row?.spent ?? 0), reserved: Number(row?.reserved ?? 0) };
}

/** Dollars as a person reads them: cents for whole-cent amounts, more places for a small cap ($0.004). */
export function formatUsd(amount: number): string {
  return amount >= 0.01 && Math.abs(amount * 100 - Math.round(amount * 100)) < 1e-9
    ? amount.toFixed(2)
    : amount.toFixed(4);
}
