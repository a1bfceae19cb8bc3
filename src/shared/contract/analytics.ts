import { z } from 'zod';

import {
  ANALYTICS_FILTERS_MAX,
  ANALYTICS_ROWS_PAGE_MAX,
  ANALYTICS_ROWS_PAGE_SIZE,
  analyticsAreas,
  analyticsDimensions,
  EVENT_NAME_MAX,
  RETENTION_DAYS_MAX,
  RETENTION_DAYS_MIN,
  SITE_DOMAIN_MAX,
  SITE_DOMAINS_MAX,
  SITE_GOALS_MAX,
  SITE_NAME_MAX,
} from './analytics-limits.ts';
import { pageInfoFields, pageFields, orderField } from './list.ts';
import { overviewRangeQuery, overviewRangeSchema, timeZoneField, trendFigureSchema } from './overview.ts';

export * from './analytics-limits.ts';

/**
 * Analytics (issue 30, ADR 056): privacy-friendly web analytics of the workspace's sites.
 *
 *   GET    /analytics.js                                  the snippet (public, a few KiB, no cookie)
 *   POST   /api/analytics/collect                          collectBody → 202, no body (CORS: the site's domains)
 *   GET    /api/analytics/sites                            → { sites: Site[] }            (administrators)
 *   POST   /api/analytics/sites                            siteCreateBody → { site }
 *   PATCH  /api/analytics/sites/:id                        siteUpdateBody → { site }
 *   DELETE /api/analytics/sites/:id                        → 204 (not the built-in site)
 *   GET    /api/analytics/sites/:id/check                  → siteCheckResponse (the last event received)
 *   GET    /api/analytics/settings, PATCH (same path)      analyticsSettingsSchema (retention, geo database)
 *   GET    /api/analytics/sites/:id/summary?from&to&filter → analyticsSummaryResponse (totals, series, compare)
 *   GET    /api/analytics/sites/:id/breakdown/:dimension?from&to&filter&page&pageSize&sort&order[&format=csv]
 *                                                          → analyticsBreakdownResponse (or text/csv)
 *   GET    /api/analytics/sites/:id/now                    → { visitors } (live: realtime `analytics.now`)
 *   GET    /api/analytics/overview?from&to&tz&site         → analyticsOverviewResponse (/dashboard/analytics)
 *
 * Site figures are counted in the site's days (its time zone); `from` and `to` are days there.
 */

// ── collection ───────────────────────────────────────────────────────────────────────────────────────────

/**
 * What the snippet sends (as `text/plain`, so a beacon needs no preflight): the site key, the event name, the
 * page's full address and the referrer; the server takes the IP address and user agent from the request and
 * keeps neither.
 */
export const collectBody = z.object({
  /** The site's key. */
  k: z.string().min(1).max(64),
  /** `pageview` or a custom event's name. */
  n: z.string().trim().min(1).max(EVENT_NAME_MAX),
  /** The page's address (`https://host/path?utm_source=…`). */
  u: z.string().max(2048),
  /** `document.referrer`, '' when none. */
  r: z.string().max(2048).default(''),
  /** `window.innerWidth`, for the device type. */
  w: z.number().int().min(0).max(100_000).optional(),
  /** `navigator.language`. */
  l: z.string().max(35).optional(),
  /** The browser's time zone, for the country where the IP database has none. */
  z: z.string().max(64).optional(),
});
export type CollectBody = z.infer<typeof collectBody>;

// ── sites ──────────────────────────────────────────────────────────────────────────────────────────────

const domainField = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, 'validation.domainInvalid')
  .max(SITE_DOMAIN_MAX, 'validation.domainInvalid')
  .regex(/^(?=.{1,253}$)(localhost|[a-z0-9-]+(\.[a-z0-9-]+)*)$/, 'validation.domainInvalid');

const goalField = z
  .string()
  .trim()
  .min(1, 'validation.goalInvalid')
  .max(EVENT_NAME_MAX, 'validation.goalInvalid');

export const siteSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  domains: z.array(z.string()),
  key: z.string(),
  timeZone: z.string(),
  goals: z.array(z.string()),
  builtIn: z.boolean(),
  excludeAdmins: z.boolean(),
  lastEventAt: z.iso.datetime({ offset: true }).nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type AnalyticsSite = z.infer<typeof siteSchema>;

const siteFields = z.object({
  name: z.string().trim().min(1, 'validation.siteNameRequired').max(SITE_NAME_MAX, 'validation.nameTooLong'),
  domains: z
    .array(domainField)
    .min(1, 'validation.domainRequired')
    .max(SITE_DOMAINS_MAX, 'validation.tooManyDomains'),
  timeZone: timeZoneField,
  goals: z.array(goalField).max(SITE_GOALS_MAX, 'validation.tooManyGoals'),
  excludeAdmins: z.boolean(),
});

export const siteCreateBody = siteFields.extend({
  timeZone: siteFields.shape.timeZone.default('UTC'),
  goals: siteFields.shape.goals.default([]),
  excludeAdmins: siteFields.shape.excludeAdmins.default(false),
});
export type SiteCreateBody = z.input<typeof siteCreateBody>;

/**
 * Only the fields sent change (no defaults here, so an edit of the name keeps the goals). The built-in site
 * takes every field but `domains` (it is the instance's own address).
 */
export const siteUpdateBody = siteFields
  .partial()
  .refine((b) => Object.keys(b).length > 0, 'validation.nothingToUpdate');
export type SiteUpdateBody = z.input<typeof siteUpdateBody>;

export const siteCheckResponse = z.object({
  lastEventAt: z.iso.datetime({ offset: true }).nullable(),
  /** The last event's name and page, when there is one. */
  lastEvent: z.object({ name: z.string(), page: z.string() }).nullable(),
});

export const analyticsSettingsSchema = z.object({
  retentionDays: z
    .number({ error: 'validation.retentionInvalid' })
    .int('validation.retentionInvalid')
    .min(RETENTION_DAYS_MIN, 'validation.retentionInvalid')
    .max(RETENTION_DAYS_MAX, 'validation.retentionInvalid'),
  /** The IP-to-country database in use: where it comes from and how fresh it is. */
  geo: z.object({ source: z.string(), updatedAt: z.iso.datetime({ offset: true }).nullable() }),
});
export const analyticsSettingsBody = analyticsSettingsSchema.pick({ retentionDays: true });

// ── figures ────────────────────────────────────────────────────────────────────────────────────────────

export const analyticsDimensionField = z.enum(analyticsDimensions, { error: 'validation.dimensionInvalid' });

/**
 * `?filter=country:FR&filter=device:mobile`: one value per dimension, applied to every figure of the view.
 * A value may hold ':' (a page path, a campaign), so only the first ':' splits.
 */
export const analyticsFilterParam = z.preprocess(
  (value) => (Array.isArray(value) ? value : value === undefined || value === '' ? [] : [value]),
  z
    .array(
      z
        .string()
        .max(600, 'validation.analyticsFilterInvalid')
        .transform((s, ctx) => {
          const at = s.indexOf(':');
          const dim = analyticsDimensionField.safeParse(s.slice(0, at));
          if (at < 1 || !dim.success) {
            ctx.addIssue({ code: 'custom', message: 'validation.analyticsFilterInvalid' });
            return z.NEVER;
          }
          return { dim: dim.data, value: s.slice(at + 1) };
        }),
    )
    .max(ANALYTICS_FILTERS_MAX, 'validation.analyticsFilterInvalid')
    .refine((fs) => new Set(fs.map((f) => f.dim)).size === fs.length, 'validation.analyticsFilterInvalid'),
);
export type AnalyticsFilter = { dim: (typeof analyticsDimensions)[number]; value: string };

/** The site figures' range: days in the site's zone (`tz` is ignored for them; the site's zone applies). */
export const analyticsRangeQuery = z.object({
  from: z.iso.date({ error: 'validation.dateInvalid' }),
  to: z.iso.date({ error: 'validation.dateInvalid' }),
  filter: analyticsFilterParam,
});

export const analyticsSummaryQuery = analyticsRangeQuery;

const count = z.number().int().min(0);

/** A day's figures. */
export const analyticsPointSchema = z.object({ day: z.iso.date(), visitors: count, views: count });

export const analyticsSummaryResponse = z.object({
  range: z.object({
    from: z.iso.date(),
    to: z.iso.date(),
    previousFrom: z.iso.date(),
    previousTo: z.iso.date(),
  }),
  timeZone: z.string(),
  visitors: z.object({ value: count, previous: count }),
  views: z.object({ value: count, previous: count }),
  visits: z.object({ value: count, previous: count }),
  /** Views per visit. */
  viewsPerVisit: z.object({ value: z.number(), previous: z.number() }),
  /** Visitors who reached a goal (a goal event, or on the built-in site a sign-up or an order). */
  conversions: z.object({ value: count, previous: count }),
  series: z.object({ current: z.array(analyticsPointSchema), previous: z.array(analyticsPointSchema) }),
});
export type AnalyticsSummary = z.infer<typeof analyticsSummaryResponse>;

export const analyticsBreakdownSorts = ['visitors', 'views', 'visits', 'events', 'value'] as const;

export const analyticsBreakdownQuery = analyticsRangeQuery.extend({
  ...pageFields(ANALYTICS_ROWS_PAGE_SIZE, ANALYTICS_ROWS_PAGE_MAX),
  sort: z.enum(analyticsBreakdownSorts, { error: 'validation.analyticsSortInvalid' }).default('visitors'),
  order: orderField('desc'),
  format: z.enum(['json', 'csv'], { error: 'validation.formatInvalid' }).default('json'),
});

export const analyticsRowSchema = z.object({
  value: z.string(),
  visitors: count,
  views: count,
  visits: count,
  events: count,
  /** The same row's visitors over the previous period. */
  previousVisitors: count,
  /** The row's share of the range's visitors, 0–1. */
  share: z.number(),
});
export type AnalyticsRow = z.infer<typeof analyticsRowSchema>;

export const analyticsBreakdownResponse = z.object({
  dimension: analyticsDimensionField,
  rows: z.array(analyticsRowSchema),
  ...pageInfoFields,
});
export type AnalyticsBreakdown = z.infer<typeof analyticsBreakdownResponse>;

// ── /dashboard/analytics ───────────────────────────────────────────────────────────────────────────────

export const analyticsOverviewQuery = overviewRangeQuery.and(z.object({ site: z.uuid().optional() }));
export type AnalyticsOverviewQuery = z.input<typeof analyticsOverviewQuery>;

export const analyticsOverviewResponse = z.object({
  range: overviewRangeSchema,
  /** The site the site figures are of (the built-in site by default). */
  site: z.object({ id: z.uuid(), name: z.string(), timeZone: z.string() }),
  /**
   * The four summary cards: orders placed, accounts created, purchase orders (orders' units), chat + mail
   * messages; the workspace's for administrators, the viewer's own otherwise (new users: administrators only,
   * absent for anyone else, as on /dashboard/app).
   */
  weeklySales: trendFigureSchema,
  newUsers: trendFigureSchema.optional(),
  purchaseOrders: trendFigureSchema,
  messages: trendFigureSchema,
  /**
   * The site's traffic (the four fields below and `sources`): administrators only; empty for anyone else.
   * Visitors per country over the range (top ones, the rest as `other`).
   */
  visitsByCountry: z.array(z.object({ country: z.string(), visitors: count })),
  /** Visitors and views per day, this range against the previous. */
  visits: z.object({ current: z.array(analyticsPointSchema), previous: z.array(analyticsPointSchema) }),
  /** Per country: visitors and those who converted, this range. */
  conversionByCountry: z.array(z.object({ country: z.string(), visitors: count, converted: count })),
  /** How much each workspace area was used, this range against the previous (analytics.overview.ts). */
  areas: z.array(z.object({ area: z.enum(analyticsAreas), value: count, previous: count })),
  /** Visitors per referrer source. */
  sources: z.array(z.object({ source: z.string(), visitors: count, previous: count })),
  /** The latest published posts (news). */
  news: z.array(
    z.object({
      id: z.uuid(),
      /** The post's address name (`/dashboard/blog/post/:slug`). */
      slug: z.string(),
      title: z.string(),
      description: z.string(),
      coverUrl: z.string().nullable(),
      publishedAt: z.iso.datetime({ offset: true }),
    }),
  ),
  /** The latest orders' events (order timeline). */
  orderTimeline: z.array(
    z.object({
      orderId: z.uuid(),
      number: z.string(),
      action: z.string(),
      at: z.iso.datetime({ offset: true }),
    }),
  ),
});
export type AnalyticsOverview = z.infer<typeof analyticsOverviewResponse>;
