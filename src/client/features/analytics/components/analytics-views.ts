import {
  ANALYTICS_FILTERS_MAX,
  analyticsDevices,
  analyticsDimensions,
  analyticsSources,
  UNKNOWN_COUNTRY,
  type AnalyticsDimension,
} from '#shared/contract/analytics-limits.ts';

/**
 * The detail views of `/dashboard/analytics/:view` (issue 30 B) and the address they keep their state in:
 * `?site=<id>` (the built-in site when absent), the dashboard range (`range` or `from`/`to`), one
 * `filter=<dimension>:<value>` per filtered dimension, `tab` (the view's dimension when it has several),
 * and the table's `page`, `pageSize`, `sort`, `order`. Pure helpers, no React.
 */

export const analyticsViews = ['pages', 'sources', 'countries', 'devices', 'languages', 'events'] as const;
export type AnalyticsView = (typeof analyticsViews)[number];

/** Each view's dimensions: the first is its own, the others its tabs. */
export const viewDimensions: Record<AnalyticsView, readonly [AnalyticsDimension, ...AnalyticsDimension[]]> = {
  pages: ['page', 'entry'],
  sources: ['source', 'referrer', 'utmSource', 'utmMedium', 'utmCampaign'],
  countries: ['country'],
  devices: ['device', 'browser', 'os'],
  languages: ['language'],
  events: ['event'],
};

/** Other names a link may use for a view (`browsers` opens the devices view on its browser tab). */
const aliases: Record<string, { view: AnalyticsView; tab: AnalyticsDimension }> = {
  browsers: { view: 'devices', tab: 'browser' },
  os: { view: 'devices', tab: 'os' },
  entries: { view: 'pages', tab: 'entry' },
  utm: { view: 'sources', tab: 'utmSource' },
};

/** The view an address names, and the tab it opens on by default; null for an unknown view (not found). */
export function resolveView(
  name: string | undefined,
): { view: AnalyticsView; tab: AnalyticsDimension } | null {
  if (name === undefined) return null;
  if ((analyticsViews as readonly string[]).includes(name)) {
    const view = name as AnalyticsView;
    return { view, tab: viewDimensions[view][0] };
  }
  return aliases[name] ?? null;
}

/** The dimension shown: the address's `tab` when it is one of the view's, else the default. */
export function tabOf(
  view: AnalyticsView,
  fallback: AnalyticsDimension,
  tab: string | null,
): AnalyticsDimension {
  return viewDimensions[view].find((dimension) => dimension === tab) ?? fallback;
}

export type AnalyticsFilter = { dim: AnalyticsDimension; value: string };

const isDimension = (value: string): value is AnalyticsDimension =>
  (analyticsDimensions as readonly string[]).includes(value);

/**
 * The address's filters, as the contract reads them (only the first ':' splits, a value may hold more); a
 * malformed one, a second of the same dimension and any past the limit are left out (a hand-edited address
 * never breaks the page).
 */
export function readFilters(params: URLSearchParams): AnalyticsFilter[] {
  const filters: AnalyticsFilter[] = [];
  for (const raw of params.getAll('filter')) {
    const at = raw.indexOf(':');
    const dim = raw.slice(0, at);
    if (at < 1 || !isDimension(dim) || raw.length > 600) continue;
    if (filters.some((filter) => filter.dim === dim)) continue;
    if (filters.length >= ANALYTICS_FILTERS_MAX) break;
    filters.push({ dim, value: raw.slice(at + 1) });
  }
  return filters;
}

export const filterParam = (filter: AnalyticsFilter) => `${filter.dim}:${filter.value}`;

function writeFilters(params: URLSearchParams, filters: readonly AnalyticsFilter[]): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete('filter');
  for (const filter of filters) next.append('filter', filterParam(filter));
  // A new filter shows other rows: the table starts again at its first page.
  next.delete('page');
  return next;
}

/** The address with `filter` added (replacing the same dimension's); unchanged when the limit is reached. */
export function withFilter(params: URLSearchParams, filter: AnalyticsFilter): URLSearchParams {
  const current = readFilters(params);
  const others = current.filter((f) => f.dim !== filter.dim);
  if (others.length >= ANALYTICS_FILTERS_MAX) return params;
  const at = current.findIndex((f) => f.dim === filter.dim);
  const next = [...current];
  if (at >= 0) next[at] = filter;
  else next.push(filter);
  return writeFilters(params, next);
}

export function withoutFilter(params: URLSearchParams, dim: AnalyticsDimension): URLSearchParams {
  return writeFilters(
    params,
    readFilters(params).filter((f) => f.dim !== dim),
  );
}

/** What a link to another view (or the overview) keeps: the site, the range and the filters. */
export function sharedSearch(params: URLSearchParams): string {
  const next = new URLSearchParams();
  for (const name of ['site', 'range', 'from', 'to']) {
    const value = params.get(name);
    if (value !== null) next.set(name, value);
  }
  for (const filter of params.getAll('filter')) next.append('filter', filter);
  const search = next.toString();
  return search ? `?${search}` : '';
}

export const isKnownSource = (value: string) => (analyticsSources as readonly string[]).includes(value);
export const isKnownDevice = (value: string) => (analyticsDevices as readonly string[]).includes(value);
export { UNKNOWN_COUNTRY };

/** The change from `previous` to `value` as a fraction (0.25 = +25%); null when there was nothing before. */
export function changeOf(value: number, previous: number): number | null {
  if (previous === 0) return value === 0 ? 0 : null;
  return (value - previous) / previous;
}
