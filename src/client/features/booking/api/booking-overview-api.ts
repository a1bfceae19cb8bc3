import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { bookingStatsPeriods, type BookingStatsPeriod } from '#shared/contract/booking-limits.ts';
import type { BookingOverview } from '#shared/contract/booking-overview.ts';

import { apiClient } from '../../../lib/api-client.ts';

/** `GET /api/booking/overview`'s query: the dashboard range and the statistics' period. */
export type BookingOverviewParams = { from: string; to: string; tz: string; period: BookingStatsPeriod };

/** The overview's key: under `booking` (`bookingKeys.all`), so every booking write and event refreshes it. */
export const bookingOverviewKey = (query: BookingOverviewParams) => ['booking', 'overview', query] as const;

/** `GET /api/booking/overview`: the previous answer stays on screen while another range or period loads. */
export const bookingOverviewQueryOptions = (query: BookingOverviewParams) =>
  queryOptions({
    queryKey: bookingOverviewKey(query),
    queryFn: ({ signal }) => apiClient.get<BookingOverview>('/booking/overview', { signal, query }),
    placeholderData: keepPreviousData,
  });

export function useBookingOverview(query: BookingOverviewParams) {
  return useQuery(bookingOverviewQueryOptions(query));
}

/** The statistics' period in the address (`?period=week|month|year`; month by default). */
export function statsPeriodOf(params: URLSearchParams): BookingStatsPeriod {
  const value = params.get('period');
  return (bookingStatsPeriods as readonly string[]).includes(value ?? '')
    ? (value as BookingStatsPeriod)
    : 'month';
}
