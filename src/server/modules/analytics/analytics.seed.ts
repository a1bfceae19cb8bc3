/**
 * Analytics demo data (issue 30 C): a year of believable traffic on the built-in site (the instance's public
 * pages), so /dashboard/analytics and its detail views look alive on first start.
 *
 * The traffic is simulated visitor by visitor with a fixed seed: it grows over the year (about 40 visitors a
 * day a year ago, about 320 now), is lower at weekends, dips in August and peaks before the winter holidays;
 * visitors come from a dozen countries (with their languages), on phones, tablets, laptops and desktops
 * with the browsers and systems that go with them, directly, from search engines, social networks, other
 * sites, the newsletter and a few UTM campaigns of the season; they land on the home page or the pricing
 * page, read one to six pages, and a few sign up (`signup`) or order (`order`), the built-in site's goals.
 *
 * Written fast enough for `npm start`'s first seed: the last RAW_DAYS days as raw events, folded into the
 * rollups by the fold itself (`refoldDays`), so the views that read raw events (any filter but a country) and
 * "check installation" have them; the older days straight as rollup rows, counted here the way the fold
 * counts them (`rollupRowsOf`, checked against the fold by the seed's test). Raw events that old would be
 * deleted by the retention setting anyway on a real instance, and the rollups are what every figure reads.
 */
import { eq, sql } from 'drizzle-orm';

import { analyticsDimensions, PAGEVIEW_EVENT } from '#shared/contract/analytics-limits.ts';

import type { Db } from '../../db/client.ts';
import { analyticsSites } from '../../db/schema/index.ts';
import { createRandom, type Random } from '../../db/seed/random.ts';
import { refoldDays } from './analytics.rollup.ts';
import { findBuiltInSite, newSiteKey } from './analytics.sites.ts';
import { textArray } from './analytics.writer.ts';

const SEED = 3030;
const DAY = 86_400_000;
/** Days of traffic in all (today included). */
export const SEED_DAYS = 365;
/** The newest days written as raw events (and folded); the older ones as rollups only. */
export const RAW_DAYS = 30;

/** An event as the ingest writes it (analytics_events), before the fold sets `entry`. */
export interface SeedEvent {
  at: number;
  day: string;
  visitor: bigint;
  name: string;
  page: string;
  entry: boolean;
  source: string;
  referrer: string;
  utmSource: string;
  utmMedium: string;
  utmCampaign: string;
  country: string;
  device: string;
  browser: string;
  os: string;
  language: string;
}

/** A rollup row as the fold writes it (analytics_daily), without the site. */
export interface SeedRollupRow {
  day: string;
  dim: string;
  country: string;
  value: string;
  views: number;
  visitors: number;
  visits: number;
  events: number;
}

type Weighted<T> = ReadonlyArray<readonly [T, number]>;

function weighted<T>(random: Random, items: Weighted<T>): T {
  const total = items.reduce((sum, [, w]) => sum + w, 0);
  let r = random.next() * total;
  for (const [item, w] of items) {
    r -= w;
    if (r < 0) return item;
  }
  return items[items.length - 1]![0];
}

/** Countries (share of visitors) and the languages their visitors' browsers speak. */
const COUNTRIES: Weighted<readonly [string, Weighted<string>]> = (
  [
    ['US', 24, 'en:9 es:1'],
    ['FR', 11, 'fr:9 en:1'],
    ['DE', 9, 'de:8 en:2'],
    ['GB', 9, 'en:1'],
    ['VN', 8, 'vi:8 en:2'],
    ['IN', 7, 'en:7 hi:3'],
    ['CN', 5, 'zh:1'],
    ['BR', 5, 'pt:1'],
    ['CA', 4, 'en:7 fr:3'],
    ['JP', 4, 'ja:1'],
    ['ES', 4, 'es:1'],
    ['EG', 3, 'ar:8 en:2'],
    ['ZZ', 1, 'en:1'],
  ] as const
).map(([country, share, languages]) => [
  [country, languages.split(' ').map((l) => [l.split(':')[0]!, Number(l.split(':')[1])] as const)],
  share,
]);

/** Devices, and the systems and browsers on each. */
const DEVICES: Weighted<string> = [
  ['mobile', 42],
  ['desktop', 30],
  ['laptop', 20],
  ['tablet', 8],
];
const SYSTEMS: Record<string, Weighted<readonly [string, Weighted<string>]>> = {
  mobile: [
    [
      [
        'iOS',
        [
          ['Safari', 7],
          ['Chrome', 3],
        ],
      ],
      45,
    ],
    [
      [
        'Android',
        [
          ['Chrome', 75],
          ['Samsung Internet', 20],
          ['Firefox', 5],
        ],
      ],
      55,
    ],
  ],
  tablet: [
    [['iOS', [['Safari', 1]]], 60],
    [['Android', [['Chrome', 1]]], 40],
  ],
  laptop: [
    [
      [
        'Windows',
        [
          ['Chrome', 6],
          ['Edge', 3],
          ['Firefox', 1],
        ],
      ],
      50,
    ],
    [
      [
        'macOS',
        [
          ['Safari', 45],
          ['Chrome', 45],
          ['Firefox', 10],
        ],
      ],
      40,
    ],
    [['Chrome OS', [['Chrome', 1]]], 4],
    [
      [
        'Linux',
        [
          ['Firefox', 6],
          ['Chrome', 4],
        ],
      ],
      6,
    ],
  ],
  desktop: [
    [
      [
        'Windows',
        [
          ['Chrome', 6],
          ['Edge', 3],
          ['Firefox', 1],
        ],
      ],
      62,
    ],
    [
      [
        'macOS',
        [
          ['Safari', 4],
          ['Chrome', 5],
          ['Firefox', 1],
        ],
      ],
      28,
    ],
    [
      [
        'Linux',
        [
          ['Firefox', 5],
          ['Chrome', 4],
          ['Opera', 1],
        ],
      ],
      10,
    ],
  ],
};

type Source = 'direct' | 'search' | 'social' | 'referral' | 'email' | 'campaign';
const SOURCES: Weighted<Source> = [
  ['direct', 33],
  ['search', 32],
  ['social', 13],
  ['referral', 10],
  ['email', 5],
  ['campaign', 7],
];
const REFERRERS: Record<Source, Weighted<string>> = {
  direct: [['', 1]],
  search: [
    ['www.google.com', 80],
    ['www.bing.com', 9],
    ['duckduckgo.com', 6],
    ['www.ecosia.org', 2],
    ['search.brave.com', 3],
  ],
  social: [
    ['www.linkedin.com', 30],
    ['t.co', 20],
    ['www.reddit.com', 20],
    ['www.facebook.com', 15],
    ['news.ycombinator.com', 10],
    ['bsky.app', 5],
  ],
  referral: [
    ['github.com', 40],
    ['www.producthunt.com', 25],
    ['dev.to', 20],
    ['alternativeto.net', 15],
  ],
  email: [['', 1]],
  campaign: [['', 1]],
};

/** The campaign of the season (month 0–11), with where its clicks come from. */
function campaignOf(month: number): string {
  if (month === 2 || month === 3) return 'spring-launch';
  if (month === 5 || month === 6) return 'summer-sale';
  if (month === 10) return 'black-friday';
  if (month === 11) return 'holiday-gifts';
  return 'always-on';
}
const CAMPAIGN_CHANNELS: Weighted<readonly [string, string]> = [
  [['google', 'cpc'], 55],
  [['facebook', 'paid-social'], 30],
  [['linkedin', 'paid-social'], 15],
];

/** The public pages, where a visit lands, and where each page leads. */
const LANDING: Record<Source, Weighted<string>> = {
  direct: [
    ['/', 70],
    ['/pricing', 15],
    ['/about-us', 5],
    ['/contact-us', 5],
    ['/coming-soon', 5],
  ],
  search: [
    ['/', 45],
    ['/pricing', 20],
    ['/faqs', 15],
    ['/about-us', 12],
    ['/contact-us', 8],
  ],
  social: [
    ['/', 50],
    ['/about-us', 25],
    ['/coming-soon', 15],
    ['/pricing', 10],
  ],
  referral: [
    ['/', 60],
    ['/pricing', 20],
    ['/about-us', 20],
  ],
  email: [
    ['/pricing', 50],
    ['/coming-soon', 30],
    ['/', 20],
  ],
  campaign: [
    ['/pricing', 70],
    ['/', 30],
  ],
};
const NEXT: Record<string, Weighted<string>> = {
  '/': [
    ['/pricing', 35],
    ['/about-us', 20],
    ['/faqs', 15],
    ['/contact-us', 10],
    ['/coming-soon', 10],
    ['/payment', 10],
  ],
  '/pricing': [
    ['/payment', 35],
    ['/faqs', 25],
    ['/contact-us', 15],
    ['/', 25],
  ],
  '/payment': [
    ['/pricing', 50],
    ['/faqs', 20],
    ['/', 30],
  ],
  '/about-us': [
    ['/contact-us', 35],
    ['/', 35],
    ['/pricing', 30],
  ],
  '/contact-us': [
    ['/faqs', 40],
    ['/', 60],
  ],
  '/faqs': [
    ['/pricing', 50],
    ['/contact-us', 30],
    ['/', 20],
  ],
  '/coming-soon': [
    ['/', 70],
    ['/pricing', 30],
  ],
};

/** When visits start, by UTC hour (the visitors span the time zones, so the day is only softly shaped). */
const HOURS: Weighted<number> = Array.from({ length: 24 }, (_, h) => [
  h,
  3 + 5 * Math.exp(-(((h - 14) / 5) ** 2)),
]);

const dayText = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const dayOfYear = (ms: number) => {
  const d = new Date(ms);
  return Math.floor((ms - Date.UTC(d.getUTCFullYear(), 0, 1)) / DAY);
};

/** How many visitors the day `i` of the year (0: the oldest) has: growth, week, season and a little noise. */
function visitorsOn(random: Random, i: number, startMs: number): number {
  // A young product finding its audience: about 40 visitors a day a year ago, about 320 now.
  const growth = 40 * (320 / 40) ** (i / (SEED_DAYS - 1));
  const weekday = new Date(startMs).getUTCDay();
  const week = weekday === 6 ? 0.72 : weekday === 0 ? 0.62 : weekday === 1 ? 1.05 : 1;
  const doy = dayOfYear(startMs);
  const season =
    1 + 0.12 * Math.cos((2 * Math.PI * (doy - 340)) / 365) - 0.18 * Math.exp(-(((doy - 222) / 18) ** 2));
  return Math.max(5, Math.round(growth * week * season * (0.88 + 0.24 * random.next())));
}

/**
 * One site day of traffic (UTC days), visitor by visitor, in time order; only what happened before `untilMs`
 * (today's traffic so far). Visitor ids are distinct within the day, as the daily hash is.
 */
export function simulateDay(random: Random, i: number, startMs: number, untilMs = Infinity): SeedEvent[] {
  const day = dayText(startMs);
  const month = new Date(startMs).getUTCMonth();
  const count = visitorsOn(random, i, startMs);
  const events: SeedEvent[] = [];
  for (let v = 0; v < count; v++) {
    const [country, languages] = weighted(random, COUNTRIES);
    const language = weighted(random, languages);
    const device = weighted(random, DEVICES);
    const [os, browsers] = weighted(random, SYSTEMS[device]!);
    const browser = weighted(random, browsers);
    const source = weighted(random, SOURCES);
    const referrer = weighted(random, REFERRERS[source]);
    let utm = { utmSource: '', utmMedium: '', utmCampaign: '' };
    if (source === 'email')
      utm = { utmSource: 'newsletter', utmMedium: 'email', utmCampaign: 'monthly-digest' };
    if (source === 'campaign') {
      const [utmSource, utmMedium] = weighted(random, CAMPAIGN_CHANNELS);
      utm = { utmSource, utmMedium, utmCampaign: campaignOf(month) };
    }
    // A visitor id unique within the day (the day's hash of a visitor is 64 bits).
    const visitor = BigInt(i + 1) * 1_000_000n + BigInt(v + 1);
    let at = startMs + weighted(random, HOURS) * 3_600_000 + random.int(0, 3_599) * 1000;
    let page = weighted(random, LANDING[source]);
    let pages = 1;
    while (pages < 6 && random.next() < (pages === 1 ? 0.55 : 0.45)) pages++;
    const base = { day, visitor, source, referrer, ...utm, country, device, browser, os, language };
    for (let p = 0; p < pages && at < untilMs && at < startMs + DAY; p++) {
      events.push({ ...base, at, name: PAGEVIEW_EVENT, page, entry: p === 0 });
      // Goals: some who read the pricing sign up, some who reach the payment page order.
      const goal =
        page === '/pricing' && random.next() < 0.07
          ? 'signup'
          : page === '/payment' && random.next() < 0.2
            ? 'order'
            : null;
      if (goal) {
        at += random.int(20, 240) * 1000;
        if (at < untilMs && at < startMs + DAY) events.push({ ...base, at, name: goal, page, entry: false });
      }
      at += random.int(15, 300) * 1000;
      page = weighted(random, NEXT[page]!);
    }
  }
  return events.sort((a, b) => a.at - b.at);
}

/** Each rolled-up dimension's value of an event (null: the event has none), as the fold takes it. */
const DIMENSION_VALUES: Record<(typeof analyticsDimensions)[number], (e: SeedEvent) => string | null> = {
  page: (e) => (e.name === PAGEVIEW_EVENT ? e.page : null),
  entry: (e) => (e.entry ? e.page : null),
  source: (e) => e.source,
  referrer: (e) => e.referrer,
  utmSource: (e) => e.utmSource,
  utmMedium: (e) => e.utmMedium,
  utmCampaign: (e) => e.utmCampaign,
  country: (e) => e.country,
  device: (e) => e.device,
  browser: (e) => e.browser,
  os: (e) => e.os,
  language: (e) => e.language,
  event: (e) => (e.name !== PAGEVIEW_EVENT ? e.name : null),
};

/**
 * The rollup rows of one day's events, as the fold (analytics.rollup.ts) writes them: per dimension (and the
 * day's `total`) and value, for all countries ('') and for the event's country; empty values left out.
 */
export function rollupRowsOf(events: readonly SeedEvent[]): SeedRollupRow[] {
  type Group = SeedRollupRow & { seen: Set<bigint> };
  // Per day, dimension and value: the row of all countries and one per country.
  const groups = new Map<string, Map<string, Group>>();
  const rowOf = (
    e: SeedEvent,
    dim: string,
    value: string,
    country: string,
    byCountry: Map<string, Group>,
  ) => {
    let row = byCountry.get(country);
    if (!row) {
      row = { day: e.day, dim, country, value, views: 0, visitors: 0, visits: 0, events: 0, seen: new Set() };
      byCountry.set(country, row);
    }
    if (e.name === PAGEVIEW_EVENT) row.views++;
    else row.events++;
    if (e.entry) row.visits++;
    row.seen.add(e.visitor);
  };
  const add = (e: SeedEvent, dim: string, value: string) => {
    const key = `${e.day}|${dim}|${value}`;
    let byCountry = groups.get(key);
    if (!byCountry) groups.set(key, (byCountry = new Map()));
    rowOf(e, dim, value, '', byCountry);
    rowOf(e, dim, value, e.country, byCountry);
  };
  for (const e of events) {
    add(e, 'total', '');
    for (const dim of analyticsDimensions) {
      const value = DIMENSION_VALUES[dim](e);
      if (value) add(e, dim, value);
    }
  }
  const rows: SeedRollupRow[] = [];
  for (const byCountry of groups.values())
    for (const { seen, ...row } of byCountry.values()) rows.push({ ...row, visitors: seen.size });
  return rows;
}

/** Rows per insert statement (arrays of this many elements per column). */
const CHUNK = 20_000;

async function insertEvents(db: Db, siteId: string, events: readonly SeedEvent[]): Promise<void> {
  for (let i = 0; i < events.length; i += CHUNK) {
    const chunk = events.slice(i, i + CHUNK);
    const col = <K extends keyof SeedEvent>(key: K) => textArray(chunk.map((e) => String(e[key])));
    await db.execute(sql`insert into analytics_events (site_id, at, day, visitor, name, page, entry, source,
        referrer, utm_source, utm_medium, utm_campaign, country, device, browser, os, language)
      select ${siteId}::uuid, to_timestamp(at / 1000.0), day, visitor, name, page, entry, source, referrer,
        utm_source, utm_medium, utm_campaign, country, device, browser, os, language
      from unnest(${col('at')}::float8[], ${col('day')}::date[], ${col('visitor')}::bigint[],
        ${col('name')}::text[], ${col('page')}::text[], ${col('entry')}::boolean[], ${col('source')}::text[],
        ${col('referrer')}::text[], ${col('utmSource')}::text[], ${col('utmMedium')}::text[],
        ${col('utmCampaign')}::text[], ${col('country')}::text[], ${col('device')}::text[],
        ${col('browser')}::text[], ${col('os')}::text[], ${col('language')}::text[])
        as u(at, day, visitor, name, page, entry, source, referrer, utm_source, utm_medium, utm_campaign,
          country, device, browser, os, language)`);
  }
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

async function insertRollups(db: Db, siteId: string, unsorted: readonly SeedRollupRow[]): Promise<void> {
  // In the primary key's order: the index grows at its end (a third faster on PGlite).
  const rows = [...unsorted].sort(
    (a, b) =>
      compare(a.dim, b.dim) ||
      compare(a.country, b.country) ||
      compare(a.day, b.day) ||
      compare(a.value, b.value),
  );
  for (let i = 0; i < rows.length; i += CHUNK) {
    const chunk = rows.slice(i, i + CHUNK);
    const col = <K extends keyof SeedRollupRow>(key: K) => textArray(chunk.map((r) => r[key]));
    await db.execute(sql`insert into analytics_daily (site_id, day, dim, country, value, views, visitors,
        visits, events)
      select ${siteId}::uuid, day, dim, country, value, views, visitors, visits, events
      from unnest(${col('day')}::date[], ${col('dim')}::text[], ${col('country')}::text[],
        ${col('value')}::text[], ${col('views')}::int[], ${col('visitors')}::int[], ${col('visits')}::int[],
        ${col('events')}::int[]) as u(day, dim, country, value, views, visitors, visits, events)`);
  }
}

export interface AnalyticsSeedOptions {
  /** The instant the demo's year ends at (default: now). */
  now?: number | undefined;
  /** The newest days written as raw events (default RAW_DAYS). */
  rawDays?: number | undefined;
}

/**
 * The built-in site (made when there is none: UTC days, the built-in goals) and its year of traffic; the
 * site's id. The days are UTC days (the built-in site's zone when the seed makes it). Deterministic: the same
 * `now` gives the same events and rollups.
 */
export async function seedAnalytics(db: Db, options: AnalyticsSeedOptions = {}): Promise<string> {
  const now = options.now ?? Date.now();
  const rawDays = Math.min(SEED_DAYS, options.rawDays ?? RAW_DAYS);
  const random = createRandom(SEED);
  const site =
    (await findBuiltInSite(db)) ??
    (
      await db
        .insert(analyticsSites)
        .values({ name: 'Atrium', key: newSiteKey(), builtIn: true, timeZone: 'UTC' })
        .returning()
    )[0]!;

  const todayMs = Math.floor(now / DAY) * DAY;
  const firstMs = todayMs - (SEED_DAYS - 1) * DAY;
  const rollups: SeedRollupRow[] = [];
  const raw: SeedEvent[] = [];
  const rawFolded: string[] = [];
  for (let i = 0; i < SEED_DAYS; i++) {
    const startMs = firstMs + i * DAY;
    const events = simulateDay(random, i, startMs, now);
    if (i >= SEED_DAYS - rawDays) {
      raw.push(...events);
      rawFolded.push(dayText(startMs));
    } else rollups.push(...rollupRowsOf(events));
  }
  await insertRollups(db, site.id, rollups);
  await insertEvents(db, site.id, raw);
  await refoldDays(db, site.id, rawFolded);
  const last = raw.at(-1);
  if (last) {
    await db
      .update(analyticsSites)
      .set({ lastEventAt: new Date(last.at) })
      .where(eq(analyticsSites.id, site.id));
  }
  return site.id;
}
