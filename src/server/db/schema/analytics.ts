import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

import { users } from './users.ts';

/**
 * Analytics (issue 30, ADR 056): sites, their raw events, the daily rollups every figure reads, and the
 * daily salts. No column holds an IP address (a test reads the schema and a sample of rows to keep it so).
 */

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => Buffer.from(v),
});

export const analyticsSites = pgTable(
  'analytics_sites',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    /** Host names the snippet may report from (CORS), lower case, without scheme or port: `shop.example.com`. */
    domains: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The site's public key, in the snippet (`data-site`): it names the site, it is not a secret. */
    key: text().notNull().unique(),
    /** The site's days (figures, rollups) are days in this IANA zone. */
    timeZone: text().notNull().default('UTC'),
    /** Custom event names that count as conversions (the built-in site also counts `signup` and `order`). */
    goals: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The instance's own public pages: one such site, which cannot be removed. */
    builtIn: boolean().notNull().default(false),
    /** Leave out the traffic of signed-in administrators of this instance. */
    excludeAdmins: boolean().notNull().default(false),
    /** When the last event arrived (the "check installation" button). */
    lastEventAt: timestamp({ withTimezone: true }),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Exactly one built-in site (created by migration 0037).
    uniqueIndex('analytics_sites_built_in')
      .on(t.builtIn)
      .where(sql`${t.builtIn}`),
  ],
);

/**
 * Raw events, kept for the retention setting: a page view (`name` 'pageview') or a custom event. `visitor`
 * is the day's hash (64 bits of it); `day` is the site's day the event happened on. Texts are '' when
 * unknown, so rollups group them without nulls.
 */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    siteId: uuid()
      .notNull()
      .references(() => analyticsSites.id, { onDelete: 'cascade' }),
    at: timestamp({ withTimezone: true }).notNull(),
    day: date({ mode: 'string' }).notNull(),
    visitor: bigint({ mode: 'bigint' }).notNull(),
    name: text().notNull(),
    /** The page's path (no query string, no fragment). */
    page: text().notNull(),
    /** Whether this is the visitor's first page view of the day on the site (their entry page). */
    entry: boolean().notNull().default(false),
    source: text().notNull(),
    /** The referrer's host (no path), '' for none or the site itself. */
    referrer: text().notNull().default(''),
    utmSource: text().notNull().default(''),
    utmMedium: text().notNull().default(''),
    utmCampaign: text().notNull().default(''),
    /** ISO 3166-1 alpha-2, `ZZ` when unknown. */
    country: text().notNull(),
    device: text().notNull(),
    browser: text().notNull().default(''),
    os: text().notNull().default(''),
    /** The browser's language, primary subtag (`fr`). */
    language: text().notNull().default(''),
  },
  (t) => [
    index('analytics_events_site_at').on(t.siteId, t.at),
    index('analytics_events_site_day').on(t.siteId, t.day),
  ],
);

/**
 * The figures, per site, day (the site's), dimension and value: page views, visitors (distinct within the
 * day, so a range's visitors are the sum of its days'), visits (entries) and custom events. `country` splits
 * every row by the visitor's country as well ('' for all countries), so a country filter reads rollups too.
 * The dimension `total` (value '') holds the day's totals. Written by the fold (analytics.rollup.ts) only.
 */
export const analyticsDaily = pgTable(
  'analytics_daily',
  {
    siteId: uuid()
      .notNull()
      .references(() => analyticsSites.id, { onDelete: 'cascade' }),
    day: date({ mode: 'string' }).notNull(),
    dim: text().notNull(),
    country: text().notNull().default(''),
    value: text().notNull(),
    views: integer().notNull().default(0),
    visitors: integer().notNull().default(0),
    visits: integer().notNull().default(0),
    events: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.siteId, t.dim, t.country, t.day, t.value] }),
    check('analytics_daily_counts', sql`views >= 0 and visitors >= 0 and visits >= 0 and events >= 0`),
  ],
);

/** The salt of each UTC day, deleted once the day is over (no visitor hash can be recomputed after it). */
export const analyticsSalts = pgTable('analytics_salts', {
  day: date({ mode: 'string' }).primaryKey(),
  salt: bytea().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * Site days whose raw events changed since they were last folded (the writer marks them, the fold takes
 * them, analytics.rollup.ts): a table, so the fold of one instance sees what another instance wrote.
 */
export const analyticsDirty = pgTable(
  'analytics_dirty',
  {
    siteId: uuid()
      .notNull()
      .references(() => analyticsSites.id, { onDelete: 'cascade' }),
    day: date({ mode: 'string' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.day] })],
);

/**
 * The instance's analytics settings, one row (id 1, written on first save): how long raw events are kept and
 * which IP-to-country database is in use (the bundled one, or one an administrator uploaded; ADR 056).
 */
export const analyticsSettings = pgTable(
  'analytics_settings',
  {
    id: integer().primaryKey().default(1),
    retentionDays: integer().notNull(),
    /** 'bundled' or the uploaded file's name. */
    geoSource: text().notNull().default('bundled'),
    /** When the uploaded database was installed; null for the bundled one. */
    geoUpdatedAt: timestamp({ withTimezone: true }),
    /** The uploaded database (its CSV, gzip), read by every instance; null for the bundled one. */
    geoData: bytea(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('analytics_settings_one_row', sql`${t.id} = 1`)],
);
