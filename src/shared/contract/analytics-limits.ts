/**
 * Analytics (issue 30, ADR 056): limits and fixed lists without zod, for the analytics pages (the contract,
 * analytics.ts, re-exports them and builds the schemas).
 *
 * Privacy by design, as Plausible and Umami: no cookie, no storage in the browser, no IP address stored. A
 * visitor is a hash of the site, the IP address and the user agent with a salt that rotates every day and is
 * deleted after it, so a visitor counts once a day and cannot be followed across days: the visitors of a range
 * are the sum of its days' visitors, which is what lets daily rollups answer every figure.
 */

/** The dimensions a figure is broken down by (a detail view each, and a filter each). */
export const analyticsDimensions = [
  'page',
  'entry',
  'source',
  'referrer',
  'utmSource',
  'utmMedium',
  'utmCampaign',
  'country',
  'device',
  'browser',
  'os',
  'language',
  'event',
] as const;
export type AnalyticsDimension = (typeof analyticsDimensions)[number];

/** Where a visit came from, from its referrer and UTM parameters. */
export const analyticsSources = ['direct', 'search', 'social', 'email', 'referral', 'campaign'] as const;
export type AnalyticsSource = (typeof analyticsSources)[number];

export const analyticsDevices = ['desktop', 'laptop', 'tablet', 'mobile'] as const;
export type AnalyticsDevice = (typeof analyticsDevices)[number];

/** The name of a page view event; any other name is a custom event (`atrium('signup')`). */
export const PAGEVIEW_EVENT = 'pageview';
/** Events the server records itself on the built-in site (a sign-up, an order), which count as goals there. */
export const builtInGoals = ['signup', 'order'] as const;

/**
 * The built-in site's key (the instance's own public pages report to it; migration 0037 creates the site): a
 * fixed name, so the web app needs no configuration to report. Other sites get random keys.
 */
export const BUILT_IN_SITE_KEY = 'atrium';

/** The country of a visitor whose country is not known (no database entry, no time zone). */
export const UNKNOWN_COUNTRY = 'ZZ';

/** The workspace areas of the "current subject" radar, and what each counts (analytics.overview.ts). */
export const analyticsAreas = ['mail', 'chat', 'calendar', 'kanban', 'shop', 'blog'] as const;
export type AnalyticsArea = (typeof analyticsAreas)[number];

export const SITE_NAME_MAX = 80;
export const SITE_DOMAINS_MAX = 10;
export const SITE_DOMAIN_MAX = 253;
export const SITE_GOALS_MAX = 20;
export const EVENT_NAME_MAX = 60;
/** What the ingest keeps of a page's address (path only, no query except UTM) and of other texts. */
export const PATH_MAX = 500;
export const REFERRER_MAX = 253;
export const UTM_MAX = 100;
/** The largest body the ingest endpoint reads. */
export const COLLECT_BODY_MAX = 4 * 1024;

/** Raw events kept this many days by default (a setting, 30–3650); rollups are kept as long as the site. */
export const RETENTION_DAYS_DEFAULT = 395;
export const RETENTION_DAYS_MIN = 30;
export const RETENTION_DAYS_MAX = 3650;

/** "Visitors now": distinct visitors of the last this many minutes. */
export const NOW_MINUTES = 5;

export const ANALYTICS_ROWS_PAGE_SIZE = 10;
export const ANALYTICS_ROWS_PAGE_MAX = 100;
/** How many filters one view applies at once (one per dimension). */
export const ANALYTICS_FILTERS_MAX = 5;
