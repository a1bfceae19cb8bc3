import { preloadChart } from '../../../components/chart/chart.tsx';
import { readRange, resolveRange, viewerTimeZone } from '../../../components/date-range/dashboard-range.ts';
import { authReady, authStore } from '../../../lib/auth/auth-store.ts';
import { dashboardLayoutQueryOptions } from '../../../lib/dashboard-layout.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { bookingOverviewQueryOptions, statsPeriodOf } from './booking-overview-api.ts';

/**
 * `/dashboard/booking`'s route loader: starts the figures of the range and period the address names, the
 * person's layout and the chart library beside the page's code, and returns at once.
 */
export async function bookingOverviewLoader({ request }: { request: Request }): Promise<null> {
  void preloadChart().catch(() => undefined);
  await authReady();
  if (!authStore.getState().isAuthenticated) return null;
  const params = new URL(request.url).searchParams;
  const { from, to, tz } = resolveRange(readRange(params), viewerTimeZone());
  void queryClient.prefetchQuery(
    bookingOverviewQueryOptions({ from, to, tz, period: statsPeriodOf(params) }),
  );
  void queryClient.prefetchQuery(dashboardLayoutQueryOptions('booking'));
  return null;
}
