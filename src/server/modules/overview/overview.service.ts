/**
 * The overview dashboards' figures (issue 26, ADR 036), composed from the domains' `*.stats.ts`: this module
 * reads no table itself. Each figure is scoped by the viewer (administrators see the workspace, anyone else
 * their own figures); a workspace figure a member may not see is absent from the answer.
 */
import type { AppOverview, OverviewRangeQuery, TrendFigure } from '#shared/contract/overview.ts';

import type { Db } from '../../db/client.ts';
import { previousPeriod, todayRange, type DateRange, type StatsScope } from '../../lib/date-range.ts';
import { activePeople } from '../account/account.stats.ts';
import { eventsIn } from '../calendar/calendar.stats.ts';
import { chatSent, unreadChat } from '../chat/chat.stats.ts';
import { overdueInvoices } from '../invoices/invoices.stats.ts';
import { cardsDue } from '../kanban/kanban.stats.ts';
import { mailSent, unreadMail } from '../mail/mail.stats.ts';
import { newAccounts } from '../users/users.stats.ts';

export const rangeOf = (query: OverviewRangeQuery): DateRange => ({
  from: query.from,
  to: query.to,
  timeZone: query.tz,
});

/** Chat messages and sent mail together, each counted by its own domain. */
async function messages(db: Db, scope: StatsScope, range: DateRange): Promise<TrendFigure> {
  const [chat, mail] = await Promise.all([chatSent(db, scope, range), mailSent(db, scope, range)]);
  return {
    value: chat.value + mail.value,
    previous: chat.previous + mail.previous,
    series: chat.series.map((point, i) => ({
      day: point.day,
      value: point.value + (mail.series[i]?.value ?? 0),
    })),
  };
}

/** `/dashboard/app`: what needs the viewer today, and the workspace's (or their own) activity over the range. */
export async function appOverview(
  db: Db,
  scope: StatsScope,
  range: DateRange,
  now = new Date(),
): Promise<AppOverview> {
  const today = todayRange(range.timeZone, now);
  const previous = previousPeriod(range);
  const [unreadMailCount, unreadChatCount, due, events, overdue, active, accounts, sent] = await Promise.all([
    unreadMail(db, scope),
    unreadChat(db, scope),
    cardsDue(db, scope, today),
    eventsIn(db, scope, today),
    scope.isAdmin ? overdueInvoices(db, scope) : undefined,
    activePeople(db, scope, range),
    newAccounts(db, scope, range),
    messages(db, scope, range),
  ]);
  return {
    range: {
      from: range.from,
      to: range.to,
      timeZone: range.timeZone,
      previousFrom: previous.from,
      previousTo: previous.to,
    },
    today: {
      unreadMail: unreadMailCount,
      unreadChat: unreadChatCount,
      cardsDue: due,
      eventsToday: events,
      ...(overdue ? { overdueInvoices: overdue.count } : {}),
    },
    ...(active ? { activePeople: active } : {}),
    ...(accounts ? { newAccounts: accounts } : {}),
    messages: sent,
  };
}
