/**
 * The overview dashboards' figures (issue 26, ADR 036), composed from the domains' `*.stats.ts`: this module
 * reads no table itself. Each figure is scoped by the viewer (administrators see the workspace, anyone else
 * their own figures); a workspace figure a member may not see is absent from the answer.
 */
import {
  FEATURED_POSTS_MAX,
  type AppOverview,
  type EcommerceOverview,
  type OverviewPerson,
  type OverviewRangeQuery,
  type TrendFigure,
} from '#shared/contract/overview.ts';

import type { Db } from '../../db/client.ts';
import {
  addTrends,
  previousPeriod,
  todayRange,
  type DateRange,
  type StatsScope,
} from '../../lib/date-range.ts';
import { activePeople, sessionsByDevice, topCountries } from '../account/account.stats.ts';
import { eventsIn } from '../calendar/calendar.stats.ts';
import { chatSent, unreadChat } from '../chat/chat.stats.ts';
import { publicUploadUrl } from '../files/files.service.ts';
import { overdueInvoices } from '../invoices/invoices.stats.ts';
import { cardsDue } from '../kanban/kanban.stats.ts';
import { mailSent, unreadMail } from '../mail/mail.stats.ts';
import {
  bestCustomers,
  currentBalance,
  salesFigures,
  salesMix,
  salesTotal,
  yearlySales,
} from '../orders/orders.stats.ts';
import { featuredPosts } from '../posts/posts.service.ts';
import { topAuthors } from '../posts/posts.stats.ts';
import { coversOf } from '../products/products.service.ts';
import { latestProducts, topProducts } from '../products/products.stats.ts';
import { peopleByIds } from '../users/users.service.ts';
import { accountFigures, accountsByCountry } from '../users/users.stats.ts';

export const rangeOf = (query: OverviewRangeQuery): DateRange => ({
  from: query.from,
  to: query.to,
  timeZone: query.tz,
});

/** The year of the widgets with a year select: the one asked for, or the year of the range's last day. */
export const yearOf = (query: OverviewRangeQuery & { year?: number | undefined }): number =>
  query.year ?? Number(query.to.slice(0, 4));

/** The answer's range: the one asked for and the previous period it is compared with. */
function rangeAnswer(range: DateRange) {
  const previous = previousPeriod(range);
  return {
    from: range.from,
    to: range.to,
    timeZone: range.timeZone,
    previousFrom: previous.from,
    previousTo: previous.to,
  };
}

/** The people of `ids` as widgets name them; someone deleted since is an empty name. */
async function peopleOf(db: Db, ids: readonly string[]): Promise<(id: string) => OverviewPerson> {
  const people = await peopleByIds(db, ids);
  return (id) => people.get(id) ?? { id, name: '', avatarUrl: null, country: '' };
}

/** Each product with its cover's public address (its first picture), or null. */
async function withCovers<T extends { id: string }>(
  db: Db,
  rows: T[],
): Promise<Array<T & { coverUrl: string | null }>> {
  const covers = await coversOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => {
    const key = covers.get(row.id);
    return { ...row, coverUrl: key ? publicUploadUrl(key) : null };
  });
}

/** The viewer's month so far (to today) and the whole month before it, by the zone's calendar. */
export function monthsOf(
  timeZone: string,
  now = new Date(),
): { month: string; thisMonth: DateRange; lastMonth: DateRange } {
  const today = todayRange(timeZone, now).from;
  const [year, month] = today.split('-').map(Number) as [number, number];
  const first = `${today.slice(0, 7)}-01`;
  const lastYear = month === 1 ? year - 1 : year;
  const lastMonthNumber = month === 1 ? 12 : month - 1;
  const lastFirst = `${lastYear}-${String(lastMonthNumber).padStart(2, '0')}-01`;
  const lastDay = new Date(Date.parse(`${first}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  return {
    month: today.slice(0, 7),
    thisMonth: { from: first, to: today, timeZone },
    lastMonth: { from: lastFirst, to: lastDay, timeZone },
  };
}

/** Chat messages and sent mail together, each counted by its own domain. */
async function messages(db: Db, scope: StatsScope, range: DateRange): Promise<TrendFigure> {
  const [chat, mail] = await Promise.all([chatSent(db, scope, range), mailSent(db, scope, range)]);
  return addTrends(chat, mail);
}

/** `/dashboard/app`: what needs the viewer today, and the workspace's (or their own) activity over the range. */
export async function appOverview(
  db: Db,
  scope: StatsScope,
  range: DateRange,
  { year = Number(range.to.slice(0, 4)), now = new Date() }: { year?: number; now?: Date } = {},
): Promise<AppOverview> {
  const today = todayRange(range.timeZone, now);
  const [unreadMailCount, unreadChatCount, due, events, overdue, active, accounts, sent] = await Promise.all([
    unreadMail(db, scope),
    unreadChat(db, scope),
    cardsDue(db, scope, today),
    eventsIn(db, scope, today),
    scope.isAdmin ? overdueInvoices(db, scope) : undefined,
    activePeople(db, scope, range),
    // New accounts and the two rates of new accounts: one read for the three.
    accountFigures(db, scope, range),
    messages(db, scope, range),
  ]);
  const [featured, devices, byCountry, products, countries, authors] = await Promise.all([
    featuredPosts(db, FEATURED_POSTS_MAX),
    sessionsByDevice(db, scope, range),
    accountsByCountry(db, scope, year, range.timeZone),
    topProducts(db, scope).then((rows) => withCovers(db, rows)),
    topCountries(db, scope, range),
    topAuthors(db, scope, range),
  ]);
  const author = await peopleOf(
    db,
    authors.map((row) => row.authorId),
  );
  return {
    range: rangeAnswer(range),
    today: {
      unreadMail: unreadMailCount,
      unreadChat: unreadChatCount,
      cardsDue: due,
      eventsToday: events,
      ...(overdue ? { overdueInvoices: overdue.count } : {}),
    },
    featured,
    ...(active ? { activePeople: active } : {}),
    ...(accounts.newAccounts ? { newAccounts: accounts.newAccounts } : {}),
    messages: sent,
    sessionsByDevice: devices,
    ...(byCountry ? { accountsByRegion: byCountry } : {}),
    topProducts: products,
    ...(countries ? { topCountries: countries } : {}),
    topAuthors: authors.map(({ authorId, likes, posts }) => ({ author: author(authorId), likes, posts })),
    ...(accounts.verifiedEmails ? { verifiedEmails: accounts.verifiedEmails } : {}),
    ...(accounts.completeProfiles ? { completeProfiles: accounts.completeProfiles } : {}),
  };
}

/**
 * `/dashboard/ecommerce`: the shop's sales over the range (administrators), or the viewer's own purchases
 * (anyone else, without the shop-only widgets); `year` for the yearly sales.
 */
export async function ecommerceOverview(
  db: Db,
  scope: StatsScope,
  range: DateRange,
  { year = Number(range.to.slice(0, 4)), now = new Date() }: { year?: number; now?: Date } = {},
): Promise<EcommerceOverview> {
  const months = monthsOf(range.timeZone, now);
  const [thisMonth, lastMonth, latest, figures, mix, yearly, current, customers] = await Promise.all([
    salesTotal(db, scope, months.thisMonth),
    salesTotal(db, scope, months.lastMonth),
    latestProducts(db, scope).then((rows) => withCovers(db, rows)),
    // Units, revenue and profit: one read of the sales for all three.
    salesFigures(db, scope, range),
    salesMix(db, scope, range),
    yearlySales(db, scope, year, range.timeZone),
    currentBalance(db, scope, range),
    bestCustomers(db, scope, range),
  ]);
  const customer = await peopleOf(
    db,
    (customers ?? []).map((row) => row.userId),
  );
  return {
    range: rangeAnswer(range),
    welcome: { month: months.month, thisMonth, lastMonth },
    latestProducts: latest.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    productsSold: figures.productsSold,
    totalBalance: figures.revenue,
    ...(figures.salesProfit ? { salesProfit: figures.salesProfit } : {}),
    salesByGender: { total: mix.total, byGender: mix.byGender },
    salesByCategory: mix.byCategory,
    yearlySales: yearly,
    ...(current ? { currentBalance: current } : {}),
    ...(customers
      ? {
          bestCustomers: customers.map(({ userId, spent, orders }) => ({
            customer: customer(userId),
            spent,
            orders,
          })),
        }
      : {}),
  };
}
