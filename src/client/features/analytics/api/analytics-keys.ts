import type { AnalyticsDimension } from '#shared/contract/analytics-limits.ts';

/**
 * The analytics area's query keys (STYLE.md §3): every key starts with `analytics`, so one invalidation
 * refreshes all; the figures (summary, breakdowns, visitors now) sit under `['analytics', 'figures']`, so
 * new events refresh them without asking for the sites again.
 */
export const analyticsKeys = {
  all: ['analytics'] as const,
  sites: () => ['analytics', 'sites'] as const,
  check: (siteId: string) => ['analytics', 'check', siteId] as const,
  settings: () => ['analytics', 'settings'] as const,
  figures: () => ['analytics', 'figures'] as const,
  summary: (siteId: string, query: AnalyticsFiguresParams) =>
    ['analytics', 'figures', 'summary', siteId, query] as const,
  breakdown: (siteId: string, dimension: AnalyticsDimension, query: AnalyticsBreakdownParams) =>
    ['analytics', 'figures', 'breakdown', siteId, dimension, query] as const,
  now: (siteId: string) => ['analytics', 'figures', 'now', siteId] as const,
};

/** What every site figure is asked for: the site's days and the filters (`country:FR`), as the address holds them. */
export type AnalyticsFiguresParams = { from: string; to: string; filters: readonly string[] };

/** A breakdown's page: the API's 1-based page, its size and the server-side sort. */
export type AnalyticsBreakdownParams = AnalyticsFiguresParams & {
  page: number;
  pageSize: number;
  sort?: string | undefined;
  order?: 'asc' | 'desc' | undefined;
};
