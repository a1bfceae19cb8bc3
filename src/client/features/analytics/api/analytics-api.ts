import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

import type {
  AnalyticsBreakdown,
  AnalyticsDimension,
  AnalyticsSite,
  AnalyticsSummary,
  SiteCreateBody,
  SiteUpdateBody,
} from '#shared/contract/analytics.ts';

import { apiClient } from '../../../lib/api-client.ts';
import { useLiveRefresh } from '../../../lib/realtime/use-live-refresh.ts';
import { saveFile } from '../../../lib/save-file.ts';
import {
  analyticsKeys,
  type AnalyticsBreakdownParams,
  type AnalyticsFiguresParams,
} from './analytics-keys.ts';

/**
 * The analytics area's requests (issue 30, ADR 056; `/api/analytics/*`, administrators): the sites and their
 * installation check, the retention setting, and a site's figures (summary, breakdowns with CSV, visitors
 * now). Writes refresh every analytics query; other people's writes and new events arrive as
 * `analytics.siteChanged` / `analytics.events` (`useAnalyticsLive`).
 */

export type SiteCheck = {
  lastEventAt: string | null;
  lastEvent: { name: string; page: string } | null;
};
export type AnalyticsSettings = {
  retentionDays: number;
  geo: { source: string; updatedAt: string | null };
};

/** "visitors now" refreshes at least this often, events or not (the 5-minute window moves on). */
export const NOW_REFRESH_MS = 30_000;

/**
 * A figure's address: the days, then one `filter` per filter (repeated, as the contract reads them; the API
 * client's `query` writes one value per name), then the rest.
 */
export function figuresPath(
  path: string,
  { from, to, filters }: AnalyticsFiguresParams,
  extra: Record<string, string | number | undefined> = {},
): string {
  const query = new URLSearchParams({ from, to });
  for (const filter of filters) query.append('filter', filter);
  for (const [name, value] of Object.entries(extra)) {
    if (value !== undefined && value !== '') query.set(name, String(value));
  }
  return `${path}?${query.toString()}`;
}

const breakdownExtra = ({ page, pageSize, sort, order }: AnalyticsBreakdownParams) => ({
  page,
  pageSize,
  sort,
  order: sort ? order : undefined,
});

/** Refreshes what analytics shows when events arrive or a site changes (once per burst). */
export function useAnalyticsLive(): void {
  const queryClient = useQueryClient();
  const refresh = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: analyticsKeys.all }),
    [queryClient],
  );
  useLiveRefresh(['analytics.events', 'analytics.siteChanged'], refresh);
}

function useInvalidateAnalytics() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: analyticsKeys.all });
}

// ── sites ───────────────────────────────────────────────────────────────────────────────────────────────

/** `GET /api/analytics/sites`: every site, the built-in one included. */
export function useAnalyticsSites(enabled = true) {
  return useQuery({
    queryKey: analyticsKeys.sites(),
    queryFn: ({ signal }) =>
      apiClient.get<{ sites: AnalyticsSite[] }>('/analytics/sites', { signal }).then((a) => a.sites),
    enabled,
  });
}

/** Add, edit (the built-in site: not its domains) and remove sites (not the built-in one). */
export function useSiteActions() {
  const invalidate = useInvalidateAnalytics();
  return {
    create: useMutation({
      mutationFn: (input: SiteCreateBody) =>
        apiClient.post<{ site: AnalyticsSite }>('/analytics/sites', input).then((a) => a.site),
      onSettled: invalidate,
    }),
    update: useMutation({
      mutationFn: ({ id, ...input }: SiteUpdateBody & { id: string }) =>
        apiClient.patch<{ site: AnalyticsSite }>(`/analytics/sites/${id}`, input).then((a) => a.site),
      onSettled: invalidate,
    }),
    remove: useMutation({
      mutationFn: (id: string) => apiClient.delete<unknown>(`/analytics/sites/${id}`),
      onSettled: invalidate,
    }),
  };
}

/** `GET /api/analytics/sites/:id/check`: the last event received; asked when the person asks (`refetch`). */
export function useSiteCheck(siteId: string) {
  return useQuery({
    queryKey: analyticsKeys.check(siteId),
    queryFn: ({ signal }) => apiClient.get<SiteCheck>(`/analytics/sites/${siteId}/check`, { signal }),
    enabled: false,
  });
}

// ── settings ────────────────────────────────────────────────────────────────────────────────────────────

/** `GET /api/analytics/settings`: how long raw events are kept, and the IP-to-country database in use. */
export function useAnalyticsSettings() {
  return useQuery({
    queryKey: analyticsKeys.settings(),
    queryFn: ({ signal }) => apiClient.get<AnalyticsSettings>('/analytics/settings', { signal }),
  });
}

export function useUpdateAnalyticsSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { retentionDays: number }) =>
      apiClient.patch<AnalyticsSettings>('/analytics/settings', input),
    onSuccess: (answer) => queryClient.setQueryData(analyticsKeys.settings(), answer),
  });
}

// ── figures ─────────────────────────────────────────────────────────────────────────────────────────────

/** `GET /api/analytics/sites/:id/summary`: totals, this period against the previous, and the days' series. */
export function useAnalyticsSummary(siteId: string | undefined, query: AnalyticsFiguresParams) {
  return useQuery({
    queryKey: analyticsKeys.summary(siteId ?? '', query),
    queryFn: ({ signal }) =>
      apiClient.get<AnalyticsSummary>(figuresPath(`/analytics/sites/${siteId}/summary`, query), { signal }),
    enabled: siteId !== undefined,
    placeholderData: keepPreviousData,
  });
}

/** `GET /api/analytics/sites/:id/breakdown/:dimension`: one page of rows; the previous stays while the next loads. */
export function useAnalyticsBreakdown(
  siteId: string | undefined,
  dimension: AnalyticsDimension,
  query: AnalyticsBreakdownParams,
) {
  return useQuery({
    queryKey: analyticsKeys.breakdown(siteId ?? '', dimension, query),
    queryFn: ({ signal }) =>
      apiClient.get<AnalyticsBreakdown>(
        figuresPath(`/analytics/sites/${siteId}/breakdown/${dimension}`, query, breakdownExtra(query)),
        { signal },
      ),
    enabled: siteId !== undefined,
    placeholderData: keepPreviousData,
  });
}

/** The CSV of a breakdown: the same days, filters and sort as the table, every row (no page), made by the server. */
export function breakdownCsvPath(
  siteId: string,
  dimension: AnalyticsDimension,
  query: AnalyticsBreakdownParams,
): string {
  const { sort, order } = breakdownExtra(query);
  return figuresPath(`/analytics/sites/${siteId}/breakdown/${dimension}`, query, {
    sort,
    order,
    format: 'csv',
  });
}

/** Saves a breakdown as CSV (`format=csv`, with the view's filters). */
export async function exportBreakdownCsv(
  siteId: string,
  dimension: AnalyticsDimension,
  query: AnalyticsBreakdownParams,
): Promise<void> {
  const blob = await apiClient.get<Blob>(breakdownCsvPath(siteId, dimension, query), {
    responseType: 'blob',
  });
  saveFile(`analytics-${dimension}-${query.from}-${query.to}.csv`, blob);
}

/** `GET /api/analytics/sites/:id/now`: visitors of the last minutes; refetched on new events and every 30 s. */
export function useVisitorsNow(siteId: string | undefined) {
  return useQuery({
    queryKey: analyticsKeys.now(siteId ?? ''),
    queryFn: ({ signal }) =>
      apiClient
        .get<{ visitors: number }>(`/analytics/sites/${siteId}/now`, { signal })
        .then((a) => a.visitors),
    enabled: siteId !== undefined,
    refetchInterval: NOW_REFRESH_MS,
  });
}
