import type {
  AnalyticsBreakdown,
  AnalyticsRow,
  AnalyticsSite,
  AnalyticsSummary,
} from '#shared/contract/analytics.ts';

/** Sites, summaries and breakdowns as the analytics API answers them (the sites page and the detail views' tests). */
export const builtInSiteId = '30000000-0000-4000-8000-000000000001';
export const shopSiteId = '30000000-0000-4000-8000-000000000002';

export function makeSite(overrides: Partial<AnalyticsSite> = {}): AnalyticsSite {
  return {
    id: builtInSiteId,
    name: 'Atrium',
    domains: ['localhost'],
    key: 'builtin-key',
    timeZone: 'UTC',
    goals: [],
    builtIn: true,
    excludeAdmins: false,
    lastEventAt: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export const builtInSite = makeSite();
export const shopSite = makeSite({
  id: shopSiteId,
  name: 'Shop',
  domains: ['shop.example.com'],
  key: 'shop-key-123',
  timeZone: 'Europe/Paris',
  goals: ['signup'],
  builtIn: false,
});

export function makeSummary(visitors = 120): AnalyticsSummary {
  return {
    range: { from: '2026-03-01', to: '2026-03-03', previousFrom: '2026-02-26', previousTo: '2026-02-28' },
    timeZone: 'UTC',
    visitors: { value: visitors, previous: 100 },
    views: { value: 480, previous: 400 },
    visits: { value: 150, previous: 150 },
    viewsPerVisit: { value: 3.2, previous: 2.7 },
    conversions: { value: 12, previous: 0 },
    series: {
      current: [
        { day: '2026-03-01', visitors: 40, views: 160 },
        { day: '2026-03-02', visitors: 50, views: 200 },
        { day: '2026-03-03', visitors: 30, views: 120 },
      ],
      previous: [
        { day: '2026-02-26', visitors: 30, views: 100 },
        { day: '2026-02-27', visitors: 40, views: 150 },
        { day: '2026-02-28', visitors: 30, views: 150 },
      ],
    },
  };
}

export function makeRow(
  value: string,
  visitors: number,
  overrides: Partial<AnalyticsRow> = {},
): AnalyticsRow {
  return {
    value,
    visitors,
    views: visitors * 3,
    visits: visitors + 2,
    events: visitors * 4,
    previousVisitors: Math.round(visitors / 2),
    share: visitors / 120,
    ...overrides,
  };
}

export function makeBreakdown(
  dimension: AnalyticsBreakdown['dimension'],
  rows: AnalyticsRow[],
  extra: Partial<AnalyticsBreakdown> = {},
): AnalyticsBreakdown {
  return { dimension, rows, total: rows.length, page: 1, pageSize: 10, hasNextPage: false, ...extra };
}
