import { preloadChart } from '../../../components/chart/chart.tsx';
import { readRange, resolveRange, viewerTimeZone } from '../../../components/date-range/dashboard-range.ts';
import { authReady, authStore } from '../../../lib/auth/auth-store.ts';
import { dashboardLayoutQueryOptions } from '../../../lib/dashboard-layout.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { loadLaterWidgets } from '../components/later-widgets.ts';
import { appOverviewQueryOptions } from './overview-api.ts';
import { overviewYearOf } from './overview-year.ts';

/**
 * `/dashboard/app`'s route loader: starts the figures of the range and year the address names, the
 * person's layout, the later widgets' code and the chart library as the navigation starts, beside the
 * page's code, and returns at once (the view's queries find the requests in flight).
 */
export async function appOverviewLoader({ request }: { request: Request }): Promise<null> {
  void preloadChart().catch(() => undefined);
  void loadLaterWidgets().catch(() => undefined);
  await authReady();
  if (!authStore.getState().isAuthenticated) return null;
  const params = new URL(request.url).searchParams;
  const range = resolveRange(readRange(params), viewerTimeZone());
  void queryClient.prefetchQuery(appOverviewQueryOptions(range, overviewYearOf(params)));
  void queryClient.prefetchQuery(dashboardLayoutQueryOptions('app'));
  return null;
}
