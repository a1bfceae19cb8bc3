/** Invoice figures for the overview dashboards (ADR 036): read-only, scoped by the viewer. */
import { sql } from 'drizzle-orm';

import type { TrendFigure } from '#shared/contract/overview.ts';

import type { Db } from '../../db/client.ts';
import { invoices } from '../../db/schema/index.ts';
import { rowsOf, trendOf, type DateRange, type StatsScope } from '../../lib/date-range.ts';
import { todayUtc } from './invoices.repo.ts';

/** Only the viewer's own invoices unless they administer the workspace. */
const ownedBy = (scope: StatsScope) =>
  scope.isAdmin ? sql`true` : sql`${invoices.ownerId} = ${scope.userId}`;

/**
 * Overdue invoices and what they amount to (cents): pending with a due day before `today`, judged as the
 * invoices list's Overdue tab judges it (UTC), so a figure and the list it opens agree. Administrators: the
 * workspace's; anyone else: their own (`invoices_status_idx`).
 */
export async function overdueInvoices(
  db: Db,
  scope: StatsScope,
  today = todayUtc(),
): Promise<{ count: number; amount: number }> {
  const [row] = rowsOf<{ n: unknown; amount: unknown }>(
    await db.execute(sql`select count(*)::int as n, coalesce(sum(${invoices.total}), 0)::text as amount
      from ${invoices}
      where ${invoices.status} = 'pending' and ${invoices.dueDate} < ${today}::date and ${ownedBy(scope)}`),
  );
  return { count: Number(row?.n ?? 0), amount: Number(row?.amount ?? 0) };
}

/**
 * The amount invoiced (cents) in the period: invoices that are not drafts, by their create day (an invoice's
 * days carry no zone: the viewer's day is the invoice's day). Administrators: the workspace's; anyone else:
 * their own (`invoices_create_idx`, `invoices_owner_create_idx`).
 */
export async function invoiced(db: Db, scope: StatsScope, range: DateRange): Promise<TrendFigure> {
  const where = (r: DateRange) =>
    sql`${invoices.createDate} between ${r.from}::date and ${r.to}::date and ${invoices.status} <> 'draft' and ${ownedBy(scope)}`;
  return trendOf(db, range, {
    value: (r) =>
      sql`select coalesce(sum(${invoices.total}), 0)::text as n from ${invoices} where ${where(r)}`,
    series: (r) => sql`select ${invoices.createDate}::text as day,
        coalesce(sum(${invoices.total}), 0)::text as value
      from ${invoices} where ${where(r)} group by 1`,
  });
}
