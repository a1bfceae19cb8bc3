import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

import {
  fileActivityPeriods,
  type FileActivityPeriod,
  type FileOverview,
} from '#shared/contract/overview-file.ts';

import { viewerTimeZone } from '../../../components/date-range/dashboard-range.ts';
import { preloadChart } from '../../../components/chart/chart.tsx';
import { apiClient } from '../../../lib/api-client.ts';
import { authReady, authStore } from '../../../lib/auth/auth-store.ts';
import { dashboardLayoutQueryOptions } from '../../../lib/dashboard-layout.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { useLiveRefresh } from '../../../lib/realtime/use-live-refresh.ts';
import { filesKeys } from './files-keys.ts';

/**
 * The file overview's query key: under `files`, so an upload finishing (the upload queue refreshes
 * `['files']`) and every `files.changed` refresh it with the file manager's lists.
 */
export const fileOverviewKey = (period: FileActivityPeriod, tz: string) =>
  [...filesKeys.all, 'overview', { period, tz }] as const;

/** `GET /api/overview/file` (issue 27 B, ADR 048) for the data activity's period, in the viewer's zone. */
export const fileOverviewQueryOptions = (period: FileActivityPeriod, tz = viewerTimeZone()) =>
  queryOptions({
    queryKey: fileOverviewKey(period, tz),
    queryFn: ({ signal }) => apiClient.get<FileOverview>('/overview/file', { signal, query: { period, tz } }),
    placeholderData: keepPreviousData,
  });

export function useFileOverview(period: FileActivityPeriod) {
  return useQuery(fileOverviewQueryOptions(period));
}

const isPeriod = (value: string | null): value is FileActivityPeriod =>
  value !== null && (fileActivityPeriods as readonly string[]).includes(value);

/** The data activity's period from `?period=` (a week when absent or unknown). */
export const filePeriodOf = (params: URLSearchParams): FileActivityPeriod => {
  const value = params.get('period');
  return isPeriod(value) ? value : 'week';
};

/** The period in the address (`?period=`, left out for the default week), and its setter. */
export function useFilePeriod(): [FileActivityPeriod, (period: FileActivityPeriod) => void] {
  const [params, setParams] = useSearchParams();
  const period = filePeriodOf(params);
  const setPeriod = useCallback(
    (next: FileActivityPeriod) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (next === 'week') updated.delete('period');
          else updated.set('period', next);
          return updated;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [period, setPeriod];
}

/** Refreshes the overview when files change anywhere the viewer sees (one refetch per burst). */
export function useFileOverviewLive(): void {
  const client = useQueryClient();
  const refresh = useCallback(
    () => void client.invalidateQueries({ queryKey: [...filesKeys.all, 'overview'] }),
    [client],
  );
  useLiveRefresh(['files.changed'], refresh);
}

/**
 * `/dashboard/file`'s route loader: starts the figures, the person's layout and the chart library with the
 * page's code, and returns at once.
 */
export async function fileOverviewLoader({ request }: { request: Request }): Promise<null> {
  void preloadChart().catch(() => undefined);
  await authReady();
  if (!authStore.getState().isAuthenticated) return null;
  const period = filePeriodOf(new URL(request.url).searchParams);
  void queryClient.prefetchQuery(fileOverviewQueryOptions(period));
  void queryClient.prefetchQuery(dashboardLayoutQueryOptions('file'));
  return null;
}
