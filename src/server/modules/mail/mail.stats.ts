/** Mail figures for the overview dashboards (ADR 036): read-only, scoped by the viewer. */
import { sql } from 'drizzle-orm';

import type { TrendFigure } from '#shared/contract/overview.ts';

import type { Db } from '../../db/client.ts';
import { mailEntries } from '../../db/schema/index.ts';
import { countTrend, firstNumber, type DateRange, type StatsScope } from '../../lib/date-range.ts';
import { rollupTrends } from '../../lib/rollups.ts';

/** The viewer's unread mail in their inbox (everyone's own, administrators' too; `mail_entries_unread_idx`). */
export async function unreadMail(db: Db, scope: StatsScope): Promise<number> {
  return firstNumber(
    await db.execute(sql`select count(*)::int as n from ${mailEntries}
      where ${mailEntries.userId} = ${scope.userId} and ${mailEntries.folder} = 'inbox' and not ${mailEntries.isRead}`),
  );
}

/**
 * Mail sent in the period, per viewer's day: for administrators every mail sent from the workspace (once,
 * however many recipients; the `mail` rollup its triggers keep, drizzle/0028_overview-rollups.sql), for anyone else the mail in their own boxes (what
 * they sent and what they received, drafts aside; `mail_entries_user_at_idx`, `at` being the time it was
 * sent).
 */
export async function mailSent(db: Db, scope: StatsScope, range: DateRange): Promise<TrendFigure> {
  if (scope.isAdmin)
    return (await rollupTrends(db, 'mail', range, { sent: (s) => s.n }, { measures: ['n'] })).sent;
  return countTrend(db, range, {
    table: mailEntries,
    at: mailEntries.at,
    where: sql`${mailEntries.userId} = ${scope.userId} and ${mailEntries.folder} <> 'drafts'`,
  });
}
