import type { BookingOverview, BookingStatsPeriod } from '#shared/contract/booking-overview.ts';
import type { BookingStatus } from '#shared/contract/booking-limits.ts';

import { startOfDayIn } from '../../../components/date-range/dashboard-range.ts';
import type { DashboardRangeState } from '../../../components/date-range/use-dashboard-range.ts';
import { paths } from '../../../config/paths.ts';

/** What every widget of `/dashboard/booking` gets from the view: the one answer and how to write it. */
export type BookingWidgetContext = {
  data: BookingOverview | undefined;
  loading: boolean;
  error: boolean;
  retry: () => void;
  range: DashboardRangeState;
  money: (cents: number) => string;
  currency: string;
  period: BookingStatsPeriod;
  setPeriod: (period: BookingStatsPeriod) => void;
};

/** A card's loading, error and retry from the context. */
export const cardState = (ctx: BookingWidgetContext) => ({
  loading: ctx.loading,
  error: ctx.error,
  onRetry: ctx.retry,
});

/** A day of the answer as a chart's date (noon UTC: the same day in every time zone). */
export const dayDate = (day: string) => new Date(`${day}T12:00:00Z`);

/** Cents as plain units for CSV exports. */
export const units = (cents: number) => Number((cents / 100).toFixed(2));

/** The exported files' name: the widget and the range. */
export const rangeFileName = (id: string, range: Pick<DashboardRangeState, 'from' | 'to'>) =>
  `${id}-${range.from}-${range.to}`;

const nextDay = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/**
 * The bookings list as a figure counted it: the bookings of one status (or all) that start from the
 * viewer's first day to the end of the last (`endDate` is the instant the next day starts, excluded).
 */
export function bookingsOf(filters: {
  status?: BookingStatus | 'all';
  from?: string;
  to?: string;
  tz: string;
}): string {
  const params = new URLSearchParams();
  if (filters.status && filters.status !== 'all') params.set('status', filters.status);
  if (filters.from) params.set('startDate', startOfDayIn(filters.from, filters.tz));
  if (filters.to) params.set('endDate', startOfDayIn(nextDay(filters.to), filters.tz));
  const query = params.toString();
  return query ? `${paths.dashboard.booking.list}?${query}` : paths.dashboard.booking.list;
}

/** The list of the dashboard's range, one status or all. */
export const rangeBookings = (ctx: BookingWidgetContext, status?: BookingStatus | 'all') =>
  bookingsOf({ status, from: ctx.range.from, to: ctx.range.to, tz: ctx.range.tz });

/** The day after the statistics' bucket that starts on `start`. */
export function bucketEnd(period: BookingStatsPeriod, start: string): string {
  const [y, m] = start.split('-').map(Number) as [number, number];
  if (period === 'week')
    return new Date(Date.parse(`${start}T00:00:00Z`) + 7 * 86_400_000).toISOString().slice(0, 10);
  if (period === 'year') return `${y + 1}-01-01`;
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
}

/** A rate's fraction; nothing counted is no rate at all (not 0 %). */
export const rateOf = (part: number, total: number) => (total > 0 ? part / total : undefined);
