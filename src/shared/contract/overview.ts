import { z } from 'zod';

import { DASHBOARD_WIDGETS_MAX, dashboards, WIDGET_ID_PATTERN } from './overview-layouts.ts';
import { featuredPostSchema } from './posts.ts';
import { daysIn, isKnownTimeZone, OVERVIEW_RANGE_MAX_DAYS, TIME_ZONE_PATTERN } from './overview-range.ts';

// The zod-free constants and helpers (the client's date range reads them without zod).
export { daysIn, isKnownTimeZone, OVERVIEW_RANGE_MAX_DAYS, TIME_ZONE_PATTERN };

// The dashboards' widget lists and layout helpers, zod-free for the dashboards' first load.
export * from './overview-layouts.ts';

/**
 * The overview dashboards (issue 26, ADR 036): figures computed on the server from the areas' data, over one
 * date range the whole dashboard shares. A range is two days (`YYYY-MM-DD`, both included) in the viewer's
 * time zone (an IANA name): the server counts what happened between the start of `from` and the end of `to`
 * in that zone, buckets daily series by the viewer's days, and compares every figure with the previous
 * period of the same length (the days just before `from`).
 */

const dayField = z
  .string({ error: 'validation.dateInvalid' })
  .max(10, 'validation.dateInvalid')
  .pipe(z.iso.date({ error: 'validation.dateInvalid' }));

/**
 * An IANA zone name (`Europe/Paris`, `UTC`, `America/Argentina/Buenos_Aires`) that this runtime knows. Offsets
 * (`+02:00`) and abbreviations are refused: PostgreSQL reads a bare offset with the POSIX sign, the opposite
 * of ISO 8601, so the same string would name two different zones on the two sides.
 */
export const timeZoneField = z
  .string({ error: 'validation.timeZoneInvalid' })
  .max(64, 'validation.timeZoneInvalid')
  .regex(TIME_ZONE_PATTERN, 'validation.timeZoneInvalid')
  .refine(isKnownTimeZone, 'validation.timeZoneInvalid');

/** `?from=&to=&tz=` of every overview request. */
export const overviewRangeQuery = z
  .object({ from: dayField, to: dayField, tz: timeZoneField })
  .refine((q) => q.from <= q.to, { message: 'validation.dateRangeInvalid', path: ['to'] })
  .refine((q) => q.from > q.to || daysIn(q.from, q.to) <= OVERVIEW_RANGE_MAX_DAYS, {
    message: 'validation.rangeTooLong',
    path: ['to'],
  });
export type OverviewRangeQuery = z.infer<typeof overviewRangeQuery>;

const day = z.iso.date();
const count = z.number().int().min(0);

/** One day of a series: the viewer's day and the figure on it. */
export const seriesPointSchema = z.object({ day, value: z.number() });
export type SeriesPoint = z.infer<typeof seriesPointSchema>;

/**
 * A figure over the range, the same figure over the previous period (for the change, which the client
 * computes), and its daily series over the range (a sparkline; every day of the range, zeros included).
 */
export const trendFigureSchema = z.object({
  value: z.number(),
  previous: z.number(),
  series: z.array(seriesPointSchema),
});
export type TrendFigure = z.infer<typeof trendFigureSchema>;

/** The range the answer is for, and the previous period it is compared with. */
export const overviewRangeSchema = z.object({
  from: day,
  to: day,
  timeZone: z.string(),
  previousFrom: day,
  previousTo: day,
});

/**
 * What needs the viewer today (the welcome card), each a count of the viewer's own things: unread mail in
 * their inbox, unread chat messages, cards assigned to them that are due by the end of their day and not
 * done, and calendar events (theirs or ones they attend) that touch their day. `overdueInvoices` (every
 * pending invoice past its due date, UTC as in the invoices list) is for administrators and absent otherwise.
 */
export const todaySchema = z.object({
  unreadMail: count,
  unreadChat: count,
  cardsDue: count,
  eventsToday: count,
  overdueInvoices: count.optional(),
});
export type OverviewToday = z.infer<typeof todaySchema>;

/** How many featured posts the app overview's carousel shows. */
export const FEATURED_POSTS_MAX = 6;

/** The year of a widget with a year select (accounts by region, yearly sales). */
export const OVERVIEW_YEAR_MIN = 2000;
export const OVERVIEW_YEAR_MAX = 2100;
const yearField = z.coerce
  .number({ error: 'validation.yearInvalid' })
  .int('validation.yearInvalid')
  .min(OVERVIEW_YEAR_MIN, 'validation.yearInvalid')
  .max(OVERVIEW_YEAR_MAX, 'validation.yearInvalid');

/**
 * `?from=&to=&tz=&year=` of the dashboards with a year select (`/app`, `/ecommerce`): the range as
 * `overviewRangeQuery`, and `year` for the widgets that show a calendar year month by month (the viewer's
 * months); without it, the year of `to`.
 */
export const overviewQuery = z
  .object({ from: dayField, to: dayField, tz: timeZoneField, year: yearField.optional() })
  .refine((q) => q.from <= q.to, { message: 'validation.dateRangeInvalid', path: ['to'] })
  .refine((q) => q.from > q.to || daysIn(q.from, q.to) <= OVERVIEW_RANGE_MAX_DAYS, {
    message: 'validation.rangeTooLong',
    path: ['to'],
  });
export type OverviewQuery = z.infer<typeof overviewQuery>;

const cents = z.number().int();
const twelveMonths = z.array(z.number()).length(12);

/**
 * A rate as its parts, for a radial widget: `part` of `total`, and the same over the previous period (the
 * client computes the percentages; a `total` of 0 is "no data", not 0 %).
 */
export const rateFigureSchema = z.object({
  part: count,
  total: count,
  previousPart: count,
  previousTotal: count,
});
export type RateFigure = z.infer<typeof rateFigureSchema>;

/** Sign-ins by the device their browser named (`other`: a browser or tool that names none). */
export const deviceSplitSchema = z.object({ desktop: count, mobile: count, tablet: count, other: count });
export type DeviceSplit = z.infer<typeof deviceSplitSchema>;

/** A person a widget names (a top author, a best customer), with the country on their profile ('' if none). */
export const overviewPersonSchema = z.object({
  id: z.string(),
  name: z.string(),
  avatarUrl: z.string().nullable(),
  country: z.string(),
});
export type OverviewPerson = z.infer<typeof overviewPersonSchema>;

/** A product a widget shows; `coverUrl` is its first picture's public address. */
const overviewProductFields = {
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  coverUrl: z.string().nullable(),
  price: cents,
};

/**
 * `/dashboard/app`'s figures. `activePeople` (people with a session in use during a day: signed in, or
 * still using a session they had) and `newAccounts` are workspace figures, for administrators only (absent
 * otherwise). `messages` counts chat messages and sent mail: the workspace's for administrators, for anyone
 * else the messages in their own conversations and mail boxes.
 *
 * - `sessionsByDevice`: sign-ins (sessions started: sign-ins and registrations) in the range by device, and
 *   in the previous period; the workspace's for administrators, anyone else's own.
 * - `accountsByRegion` (administrators): new accounts per month of `year` by profile country: the five
 *   countries with the most that year, then `other` (the rest together) and `unknown` (no country), each
 *   only when it has any.
 * - `topProducts`: best sellers since they were listed (units sold), with price and rating; drafts only for
 *   administrators.
 * - `topCountries` (administrators): the countries whose people signed in most in the range: people, and
 *   their sign-ins by device.
 * - `topAuthors`: the authors whose published posts got the most likes in the range (the same for everyone).
 * - `verifiedEmails`, `completeProfiles` (administrators): of the accounts created in the range (and in the
 *   previous period), how many have verified their address, how many have a complete profile: a picture,
 *   a phone number, a country, a city and a few words about themselves.
 * - `featured`: the newest published posts an administrator featured (the carousel; the same for everyone,
 *   whatever the range), at most `FEATURED_POSTS_MAX`.
 */
export const appOverviewResponse = z.object({
  range: overviewRangeSchema,
  today: todaySchema,
  featured: z.array(featuredPostSchema),
  activePeople: trendFigureSchema.optional(),
  newAccounts: trendFigureSchema.optional(),
  messages: trendFigureSchema,
  sessionsByDevice: z.object({ current: deviceSplitSchema, previous: deviceSplitSchema }),
  accountsByRegion: z
    .object({
      year: z.number().int(),
      series: z.array(
        z.object({
          kind: z.enum(['country', 'other', 'unknown']),
          country: z.string(),
          months: twelveMonths,
        }),
      ),
    })
    .optional(),
  topProducts: z.array(
    z.object({
      ...overviewProductFields,
      totalSold: count,
      ratingAvg: z.number(),
      totalReviews: count,
    }),
  ),
  topCountries: z
    .array(z.object({ country: z.string(), people: count, devices: deviceSplitSchema }))
    .optional(),
  topAuthors: z.array(z.object({ author: overviewPersonSchema, likes: count, posts: count })),
  verifiedEmails: rateFigureSchema.optional(),
  completeProfiles: rateFigureSchema.optional(),
});
export type AppOverview = z.infer<typeof appOverviewResponse>;

/** Units and net revenue (cents: line totals after their share of the discount, before taxes). */
const salesShareFields = { units: count, revenue: cents };

/**
 * `/dashboard/ecommerce`'s figures. Sales are orders `paid` or `completed`, by the day they were placed (the
 * viewer's day), as the orders list counts them. Administrators see the shop; anyone else their own
 * purchases, and the shop-only widgets (`salesProfit`, `currentBalance`, `bestCustomers`) are absent.
 *
 * - `welcome`: what sales total this month so far (`month`, `YYYY-MM`, the viewer's) and the whole month
 *   before.
 * - `latestProducts`: the newest products (published ones; drafts too for administrators).
 * - `productsSold`: units of the range's sales; `totalBalance`: what the sales total (with shipping and
 *   taxes); `salesProfit`: net revenue, what the goods sold for after discounts, without shipping and taxes
 *   (products have no cost price yet: the tooltip says so).
 * - `salesByGender`: units and revenue of the range's sales by the product's gender (a product made for
 *   several counts in each, so shares may add up to more than `total`); `salesByCategory`: by category
 *   (`null`: a product deleted since), most revenue first.
 * - `yearlySales`: per month of `year`, `income` (sales) and `refunds` (orders refunded since), both by the
 *   month the order was placed.
 * - `currentBalance`: orders placed in the range, cancelled ones aside: `orderTotal` = `earnings` (sales) +
 *   `refunded` + `pending` (not paid yet).
 * - `bestCustomers`: the customers whose sales total most in the range.
 */
export const ecommerceOverviewResponse = z.object({
  range: overviewRangeSchema,
  welcome: z.object({ month: z.string(), thisMonth: cents, lastMonth: cents }),
  latestProducts: z.array(
    z.object({ ...overviewProductFields, priceSale: cents.nullable(), createdAt: z.iso.datetime() }),
  ),
  productsSold: trendFigureSchema,
  totalBalance: trendFigureSchema,
  salesProfit: trendFigureSchema.optional(),
  salesByGender: z.object({
    total: z.object(salesShareFields),
    byGender: z.array(z.object({ gender: z.string(), ...salesShareFields })),
  }),
  salesByCategory: z.array(z.object({ category: z.string().nullable(), ...salesShareFields })),
  yearlySales: z.object({ year: z.number().int(), income: twelveMonths, refunds: twelveMonths }),
  currentBalance: z
    .object({ orderTotal: cents, earnings: cents, refunded: cents, pending: cents })
    .optional(),
  bestCustomers: z
    .array(z.object({ customer: overviewPersonSchema, spent: cents, orders: count }))
    .optional(),
});
export type EcommerceOverview = z.infer<typeof ecommerceOverviewResponse>;

/** `/api/overview/layouts/:dashboard`. */
export const dashboardParams = z.object({
  dashboard: z.enum(dashboards, { error: 'validation.dashboardInvalid' }),
});

export const layoutWidgetSchema = z.object({
  id: z.string({ error: 'validation.widgetUnknown' }).regex(WIDGET_ID_PATTERN, 'validation.widgetUnknown'),
  hidden: z.boolean(),
});

/**
 * A layout to save: the dashboard's widgets in the person's order, each with its hidden flag. Every id must
 * be one of the dashboard's (`dashboardWidgets`), at most once (checked against the dashboard by
 * `layoutProblem`); widgets left out follow, visible, in their default order.
 */
export const dashboardLayoutInput = z.object({
  widgets: z.array(layoutWidgetSchema).max(DASHBOARD_WIDGETS_MAX, 'validation.widgetRepeated'),
});
export type DashboardLayoutInput = z.infer<typeof dashboardLayoutInput>;

/**
 * A person's layout of a dashboard: every widget of the dashboard, in their order, with its hidden flag;
 * `saved` is false (and `updatedAt` null) for the default layout.
 */
export const dashboardLayoutResponse = z.object({
  dashboard: z.enum(dashboards),
  widgets: z.array(layoutWidgetSchema),
  saved: z.boolean(),
  updatedAt: z.iso.datetime().nullable(),
});
export type DashboardLayout = z.infer<typeof dashboardLayoutResponse>;
