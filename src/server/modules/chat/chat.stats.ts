/** Chat figures for the overview dashboards (ADR 036): read-only, scoped by the viewer. */
import { sql } from 'drizzle-orm';

import type { TrendFigure } from '#shared/contract/overview.ts';

import type { Db } from '../../db/client.ts';
import { chatMessages, chatParticipants } from '../../db/schema/index.ts';
import { countTrend, firstNumber, type DateRange, type StatsScope } from '../../lib/date-range.ts';
import { rollupTrends } from '../../lib/rollups.ts';

/** The viewer's unread chat messages over all their conversations (their own counters). */
export async function unreadChat(db: Db, scope: StatsScope): Promise<number> {
  return firstNumber(
    await db.execute(sql`select coalesce(sum(${chatParticipants.unreadCount}), 0)::int as n
      from ${chatParticipants} where ${chatParticipants.userId} = ${scope.userId}`),
  );
}

/**
 * Chat messages sent in the period, deleted ones aside, per viewer's day: for administrators every message
 * of the workspace (the `chat` rollup its triggers keep, drizzle/0028_overview-rollups.sql), for anyone else
 * the messages of the conversations they are in.
 */
export async function chatSent(db: Db, scope: StatsScope, range: DateRange): Promise<TrendFigure> {
  if (scope.isAdmin)
    return (await rollupTrends(db, 'chat', range, { sent: (s) => s.n }, { measures: ['n'] })).sent;
  const kept = sql`${chatMessages.deletedAt} is null`;
  const mine = sql`${chatMessages.conversationId} in (select ${chatParticipants.conversationId}
    from ${chatParticipants} where ${chatParticipants.userId} = ${scope.userId})`;
  return countTrend(db, range, {
    table: chatMessages,
    at: chatMessages.createdAt,
    where: scope.isAdmin ? kept : sql`${kept} and ${mine}`,
  });
}
