import { preloadChart } from '../../../components/chart/chart.tsx';
import { readRange, resolveRange, viewerTimeZone } from '../../../components/date-range/dashboard-range.ts';
import { dashboardLayoutQueryOptions } from '../../../lib/dashboard-layout.ts';
import { authReady, authStore } from '../../../lib/auth/auth-store.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { ecommerceOverviewQueryOptions } from './overview-api.ts';
import { overviewYearOf } from './overview-year.ts';

/**
 * `/dashboard/ecommerce`'s route loader: starts the figures of the range and year the address names, the
 * person's layout and the chart library as the navigation starts, beside the page's code, and returns at
 * once (the view's queries find the requests in flight).
 */
export async function ecommerceOverviewLoader({ request }: { request: Request }): Promise<null> {
  void preloadChart().catch(() => undefined);
  await authReady();
  if (!authStore.getState().isAuthenticated) return null;
  const params = new URL(request.url).searchParams;
  const range = resolveRange(readRange(params), viewerTimeZone());
  void queryClient.prefetchQuery(ecommerceOverviewQueryOptions(range, overviewYearOf(params)));
  void queryClient.prefetchQuery(dashboardLayoutQueryOptions('ecommerce'));
  return null;
}
