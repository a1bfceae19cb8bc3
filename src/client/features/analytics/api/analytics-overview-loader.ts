import { preloadChart } from '../../../components/chart/chart.tsx';
import { readRange, resolveRange, viewerTimeZone } from '../../../components/date-range/dashboard-range.ts';
import { authReady, authStore } from '../../../lib/auth/auth-store.ts';
import { dashboardLayoutQueryOptions } from '../../../lib/dashboard-layout.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { analyticsOverviewQueryOptions, siteParamOf } from './analytics-overview-api.ts';

/**
 * `/dashboard/analytics`'s route loader: starts the figures of the range and site the address names, the
 * person's layout and the chart library beside the page's code, and returns at once.
 */
export async function analyticsOverviewLoader({ request }: { request: Request }): Promise<null> {
  void preloadChart().catch(() => undefined);
  await authReady();
  if (!authStore.getState().isAuthenticated) return null;
  const params = new URL(request.url).searchParams;
  const { from, to, tz } = resolveRange(readRange(params), viewerTimeZone());
  void queryClient.prefetchQuery(analyticsOverviewQueryOptions({ from, to, tz, site: siteParamOf(params) }));
  void queryClient.prefetchQuery(dashboardLayoutQueryOptions('analytics'));
  return null;
}
