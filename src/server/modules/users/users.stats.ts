/** Account figures for the overview dashboards (ADR 036): read-only, over a date range. */
import type { TrendFigure } from '#shared/contract/overview.ts';

import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { countTrend, type DateRange, type StatsScope } from '../../lib/date-range.ts';

/**
 * New accounts, administrators only (undefined for anyone else): accounts created in the period, whatever
 * their status now, by the viewer's day (`users_created_at_idx`).
 */
export async function newAccounts(
  db: Db,
  scope: StatsScope,
  range: DateRange,
): Promise<TrendFigure | undefined> {
  return scope.isAdmin ? countTrend(db, range, { table: users, at: users.createdAt }) : undefined;
}
