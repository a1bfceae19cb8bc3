/**
 * `GET /api/analytics/overview` (issue 30 B, ADR 056 "The overview"): /dashboard/analytics' figures in one
 * answer. The workspace's figures are the domains' own (`*.stats.ts`, the rollups of ADR 036), scoped by the
 * viewer as on the other overviews; the site's figures are read from its daily rollups (`analytics_daily`),
 * a few hundred rows whatever the traffic, and are the workspace's web traffic: administrators only (anyone
 * else gets them empty).
 */
import { sql } from 'drizzle-orm';

import { analyticsAreas, type AnalyticsArea, type AnalyticsOverview } from '#shared/contract/analytics.ts';
import { formatOrderNumber } from '#shared/contract/orders-limits.ts';

import type { Db } from '../../db/client.ts';
import {
  addTrends,
  daysOf,
  dayText,
  previousPeriod,
  rowsOf,
  type DateRange,
  type PeriodFigure,
  type StatsScope,
} from '../../lib/date-range.ts';
import { notFound } from '../../lib/http-error.ts';
import { eventsScheduled } from '../calendar/calendar.stats.ts';
import { chatSent } from '../chat/chat.stats.ts';
import { cardsCreated } from '../kanban/kanban.stats.ts';
import { mailSent } from '../mail/mail.stats.ts';
import { latestOrderEvents, salesFigures } from '../orders/orders.stats.ts';
import { latestPublishedCards } from '../posts/posts.service.ts';
import { postsPublished } from '../posts/posts.stats.ts';
import { newAccounts } from '../users/users.stats.ts';
import { findBuiltInSite, findSite, type SiteRow } from './analytics.sites.ts';
import { goalsOf, type SiteScope } from './analytics.stats.ts';

/** Countries of the pie (the rest summed as `other`) and of the conversion bars. */
export const OVERVIEW_COUNTRIES = 6;
/** The name of the pie's slice that sums the countries beyond the first OVERVIEW_COUNTRIES. */
export const OTHER_COUNTRIES = 'other';
/** Posts of the news widget and events of the order timeline. */
export const OVERVIEW_NEWS = 5;
export const OVERVIEW_TIMELINE = 5;

/** Sources the traffic widget shows at most (the most visitors first). */
export const OVERVIEW_SOURCES = 10;

/** The site asked for, or the built-in one; a site that does not exist is a 404. */
async function overviewSite(db: Db, siteId: string | undefined): Promise<SiteRow> {
  const site = siteId ? await findSite(db, siteId) : await findBuiltInSite(db);
  if (!site) throw notFound('Site not found');
  return site;
}

type SiteFigures = Pick<AnalyticsOverview, 'visitsByCountry' | 'visits' | 'conversionByCountry' | 'sources'>;

const noSiteFigures = (): SiteFigures => ({
  visitsByCountry: [],
  visits: { current: [], previous: [] },
  conversionByCountry: [],
  sources: [],
});

/** A PostgreSQL text array literal (quoted, so any text is safe). */
const textArray = (values: readonly string[]) =>
  `{${values.map((v) => `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;

/**
 * Visitors per country over the range (dimension `country`, all countries: one row per day and country), and
 * for the `top` countries the visitors who reached a goal (the goal events split by those countries: a
 * primary-key range per country), per day at most the day's visitors, as the summary counts conversions.
 */
async function countries(
  db: Db,
  site: SiteScope,
  range: { from: string; to: string },
  top: number,
): Promise<{ all: Array<{ country: string; visitors: number }>; converted: Map<string, number> }> {
  const between = sql`day between ${range.from}::date and ${range.to}::date`;
  const perCountry = rowsOf<{ country: string; visitors: unknown }>(
    await db.execute(sql`select value as country, sum(visitors)::bigint::text as visitors from analytics_daily
      where site_id = ${site.id} and dim = 'country' and country = '' and ${between}
      group by value`),
  )
    .map((row) => ({ country: row.country, visitors: Number(row.visitors) }))
    .filter((row) => row.visitors > 0)
    .sort((a, b) => b.visitors - a.visitors || a.country.localeCompare(b.country));
  const goals = goalsOf(site);
  const shown = perCountry.slice(0, top).map((row) => row.country);
  const converted = new Map<string, number>();
  if (goals.length && shown.length) {
    const rows = rowsOf<{ country: string; converted: unknown }>(
      await db.execute(sql`select g.country, sum(least(g.n, t.visitors))::bigint::text as converted
        from (
          select country, day, sum(visitors) as n from analytics_daily
          where site_id = ${site.id} and dim = 'event' and country = any(${textArray(shown)}::text[])
            and ${between} and value = any(${textArray(goals)}::text[])
          group by country, day
        ) g
        join analytics_daily t on t.site_id = ${site.id} and t.dim = 'total' and t.country = g.country
          and t.day = g.day and t.value = ''
          -- The same countries and days again: one narrow index range per country, not every total.
          and t.country = any(${textArray(shown)}::text[])
          and t.day between ${range.from}::date and ${range.to}::date
        group by g.country`),
    );
    for (const row of rows) converted.set(row.country, Number(row.converted));
  }
  return { all: perCountry, converted };
}

/**
 * The site's traffic over `from`–`to` (days in the site's zone), from the daily rollups, counted as the detail
 * views count it (analytics.stats.ts) but read for this widget alone (one statement each, without the shares
 * and conversions the detail views add): visitors and views per day (dimension `total`), this range and the
 * previous one; the countries with their conversions; visitors per source, this range and the previous one.
 */
export async function siteFigures(
  db: Db,
  site: SiteScope,
  range: { from: string; to: string },
): Promise<SiteFigures> {
  const previous = previousPeriod({ ...range, timeZone: site.timeZone });
  const both = sql`day between ${previous.from}::date and ${range.to}::date`;
  const current = sql`day >= ${range.from}::date`;
  const [days, byCountry, sources] = await Promise.all([
    db.execute(sql`select day::text as day, visitors, views from analytics_daily
      where site_id = ${site.id} and dim = 'total' and country = '' and ${both} and value = ''`),
    countries(db, site, range, OVERVIEW_COUNTRIES),
    db.execute(sql`select value as source,
        coalesce(sum(visitors) filter (where ${current}), 0)::bigint::text as visitors,
        coalesce(sum(visitors) filter (where not ${current}), 0)::bigint::text as previous
      from analytics_daily where site_id = ${site.id} and dim = 'source' and country = '' and ${both}
      group by value`),
  ]);
  const perDay = new Map<string, { visitors: number; views: number }>();
  for (const row of rowsOf<{ day: unknown; visitors: unknown; views: unknown }>(days))
    perDay.set(dayText(row.day), { visitors: Number(row.visitors), views: Number(row.views) });
  const points = (r: { from: string; to: string }) =>
    daysOf({ ...r, timeZone: site.timeZone }).map((day) => ({
      day,
      visitors: perDay.get(day)?.visitors ?? 0,
      views: perDay.get(day)?.views ?? 0,
    }));
  const top = byCountry.all.slice(0, OVERVIEW_COUNTRIES);
  const rest = byCountry.all.slice(OVERVIEW_COUNTRIES).reduce((total, row) => total + row.visitors, 0);
  return {
    visitsByCountry: [...top, ...(rest ? [{ country: OTHER_COUNTRIES, visitors: rest }] : [])],
    visits: { current: points(range), previous: points(previous) },
    conversionByCountry: top.map(({ country, visitors }) => ({
      country,
      visitors,
      converted: Math.min(visitors, byCountry.converted.get(country) ?? 0),
    })),
    sources: rowsOf<{ source: string; visitors: unknown; previous: unknown }>(sources)
      .map((row) => ({ source: row.source, visitors: Number(row.visitors), previous: Number(row.previous) }))
      .filter((row) => row.visitors > 0 || row.previous > 0)
      .sort((a, b) => b.visitors - a.visitors || b.previous - a.previous || a.source.localeCompare(b.source))
      .slice(0, OVERVIEW_SOURCES),
  };
}

const period = ({ value, previous }: PeriodFigure): PeriodFigure => ({ value, previous });

/**
 * /dashboard/analytics: the four cards, the areas' use, the news and the order timeline over `range` (the
 * viewer's days), and the site's traffic (`siteId`, or the built-in site) over the same days in the site's
 * zone, for administrators.
 */
export async function analyticsOverview(
  db: Db,
  scope: StatsScope,
  range: DateRange,
  siteId?: string,
): Promise<AnalyticsOverview> {
  const site = await overviewSite(db, siteId);
  const viewer = { id: scope.userId, isAdmin: scope.isAdmin };
  const [sales, users, chat, mail, calendar, kanban, blog, traffic, posts, timeline] = await Promise.all([
    // Orders and their units: one read of the sales for both cards (and the shop's area).
    salesFigures(db, scope, range),
    newAccounts(db, scope, range),
    chatSent(db, scope, range),
    mailSent(db, scope, range),
    eventsScheduled(db, scope, range),
    cardsCreated(db, scope, range),
    postsPublished(db, scope, range),
    scope.isAdmin ? siteFigures(db, site, range) : Promise.resolve(noSiteFigures()),
    latestPublishedCards(db, viewer, OVERVIEW_NEWS),
    latestOrderEvents(db, scope, OVERVIEW_TIMELINE),
  ]);
  const areas: Record<AnalyticsArea, PeriodFigure> = {
    mail: period(mail),
    chat: period(chat),
    calendar,
    kanban,
    shop: period(sales.orders),
    blog,
  };
  const previous = previousPeriod(range);
  return {
    range: {
      from: range.from,
      to: range.to,
      timeZone: range.timeZone,
      previousFrom: previous.from,
      previousTo: previous.to,
    },
    site: { id: site.id, name: site.name, timeZone: site.timeZone },
    weeklySales: sales.orders,
    ...(users ? { newUsers: users } : {}),
    purchaseOrders: sales.productsSold,
    messages: addTrends(chat, mail),
    ...traffic,
    areas: analyticsAreas.map((area) => ({ area, ...areas[area] })),
    news: posts.map((card) => ({
      id: card.id,
      slug: card.slug,
      title: card.title,
      description: card.description,
      coverUrl: card.coverUrl,
      publishedAt: card.publishedAt ?? card.createdAt,
    })),
    orderTimeline: timeline.map((event) => ({
      orderId: event.orderId,
      number: formatOrderNumber(event.number),
      action: event.status,
      at: event.at.toISOString(),
    })),
  };
}
