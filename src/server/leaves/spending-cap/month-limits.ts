// The month's budgets on the server's key that hold a run's calls: its workspace's own (monthly_budget_usd), and
// that of the member who started it, in that workspace (their own, set by an owner, else the server's
// USER_MONTHLY_BUDGET_USD). Each call is reserved against both, as against a bundle's cap (docs/decisions/010).
import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../db/client';
import { memberOfColumns, memberRowOf } from '../ownership/membership';
import { describeSpent, memberMonthSpend, userMonthlyBudget, userMonthSpend } from './monthly-budget';
import { formatUsd, type Spend } from './spend-sql';

/** server: the member's budget is the server's default; member: an owner set it; workspace: the workspace's. */
export type MonthLimit = { usd: number; whose: 'server' | 'member' | 'workspace' };

/** Who a run's calls spend for: its workspace, and the member who started it (null once they are deleted). */
export type RunPayers = { ownerId: string; startedBy: string | null };

/** The budgets as stored, read in the query that reads the run (budgetColumns). */
export type StoredBudgets = RunPayers & { workspaceUsd: number | null; memberUsd: number | null };

/** The selected columns that limitsOf reads, for a query over a bundle (`owner`) and its run (`startedBy`). */
export function budgetColumns(
  owner: AnyPgColumn,
  startedBy: AnyPgColumn,
): { workspaceUsd: SQL<number | null>; memberUsd: SQL<number | null> } {
  return {
    workspaceUsd: sql<
      number | null
    >`(select w.monthly_budget_usd::float8 from workspaces w where w.id = ${owner})`,
    memberUsd: sql<number | null>`(select monthly_budget_usd::float8 from workspace_members
      where ${memberOfColumns(owner, startedBy)})`,
  };
}

export function limitsOf(budgets: StoredBudgets): MonthLimit[] {
  const limits: MonthLimit[] = [];
  if (budgets.workspaceUsd !== null) limits.push({ usd: budgets.workspaceUsd, whose: 'workspace' });
  if (budgets.startedBy === null) return limits;
  if (budgets.memberUsd !== null) limits.push({ usd: budgets.memberUsd, whose: 'member' });
  else if (userMonthlyBudget() !== undefined) limits.push({ usd: userMonthlyBudget()!, whose: 'server' });
  return limits;
}

/** What a limit counts against: the workspace's month, or the starter's month in it. */
export function spendAgainst(db: Queryable, limit: MonthLimit, payers: RunPayers): Promise<Spend> {
  return limit.whose === 'workspace' || payers.startedBy === null
    ? userMonthSpend(db, payers.ownerId)
    : memberMonthSpend(db, payers.ownerId, payers.startedBy);
}

/** The refusal of a call that would pass a limit, naming whose limit it is and who can raise it. */
export function budgetReachedMessage(limit: MonthLimit, spend: Spend, nextCallUsd?: number): string {
  const next =
    nextCallUsd === undefined || spend.spent >= limit.usd
      ? ''
      : ` The next call could cost up to $${formatUsd(nextCallUsd)}, which would pass it.`;
  const whose = {
    server: 'your monthly budget',
    member: 'your monthly budget in this workspace',
    workspace: "this workspace's monthly budget",
  }[limit.whose];
  const raise = limit.whose === 'server' ? "the server's operator" : "the workspace's owner";
  return `Paused: you reached ${whose} of $${formatUsd(limit.usd)} on this server's key (${describeSpent(spend)} this month).${next} It renews on the 1st; ${raise} can raise it.`;
}

/** The first limit this call's worst case would pass, with its spend; null when every one has room. */
export async function passedLimit(
  db: Queryable,
  budgets: StoredBudgets,
  worstUsd: number,
): Promise<{ limit: MonthLimit; spend: Spend } | null> {
  for (const limit of limitsOf(budgets)) {
    const spend = await spendAgainst(db, limit, budgets);
    if (spend.spent + worstUsd > limit.usd) return { limit, spend };
  }
  return null;
}

/** What is left under the tightest limit, or undefined when none is set. */
export async function leftThisMonth(db: Queryable, budgets: StoredBudgets): Promise<number | undefined> {
  const left: number[] = [];
  for (const limit of limitsOf(budgets))
    left.push(limit.usd - (await spendAgainst(db, limit, budgets)).spent);
  return left.length === 0 ? undefined : Math.min(...left);
}

/**
 * What view-spend answers: the caller's spend this month on the runs they started in the workspace and their
 * budget there, beside the workspace's (the same figures in a personal workspace with one member).
 */
export async function viewMonthSpend(db: Queryable, workspaceId: string, userId: string) {
  const { rows } = await db.execute<{ workspace_usd: number | null; member_usd: number | null }>(sql`
    select (select monthly_budget_usd::float8 from workspaces where id = ${workspaceId}) as workspace_usd,
           (select monthly_budget_usd::float8 from workspace_members
            where ${memberRowOf(workspaceId, userId)}) as member_usd`);
  const mine = await memberMonthSpend(db, workspaceId, userId);
  const workspace = await userMonthSpend(db, workspaceId);
  const round = (usd: number) => Math.round(usd * 1e10) / 1e10;
  return {
    month: new Date().toISOString().slice(0, 7),
    spent_usd: round(mine.spent),
    reserved_usd: round(mine.reserved),
    monthly_budget_usd: rows[0]?.member_usd ?? userMonthlyBudget() ?? null,
    workspace_spent_usd: round(workspace.spent),
    workspace_monthly_budget_usd: rows[0]?.workspace_usd ?? null,
  };
}
