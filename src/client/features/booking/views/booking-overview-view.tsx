import { useTranslation } from 'react-i18next';

import { bookingStatsPeriods } from '#shared/contract/booking-limits.ts';

import { DashboardRangeSelect } from '../../../components/date-range/dashboard-range-select.tsx';
import { useDashboardRange } from '../../../components/date-range/use-dashboard-range.ts';
import { usePeriodParam } from '../../../components/date-range/use-period-param.ts';
import { boardWidget } from '../../../components/widget-board/board-widget.ts';
import { WidgetBoard, type BoardWidget } from '../../../components/widget-board/widget-board.tsx';
import { useAuth } from '../../../lib/auth/use-auth.ts';
import { usePublicConfig } from '../../../lib/public-config.ts';
import { useMoney } from '../../../lib/use-money.ts';
import { useBookingLive } from '../api/booking-api.ts';
import { useBookingOverview } from '../api/booking-overview-api.ts';
import { BookingPageHeading } from '../components/booking-page-heading.tsx';
import {
  BookingAvailable,
  BookingByStatus,
  BookingCheckIn,
  BookingStatistics,
  BookingSummary,
} from '../components/overview-figures.tsx';
import { BookingDetails, BookingNewest, BookingReviews } from '../components/overview-lists.tsx';
import type { BookingWidgetContext } from '../components/overview-widget.ts';

/**
 * `/dashboard/booking` (issue 29 B, ADR 055): bookings on the overview blocks, from one request
 * (`GET /api/booking/overview`) over the dashboard's range: total bookings, sold and cancelled with their
 * change, total incomes, bookings by status, the check-in and paid rates, sold against cancelled by week,
 * month or year (`?period=`), places available in the coming days, reviews waiting (administrators, with
 * Accept and Reject), the newest bookings and the range's booking details. Administrators see the
 * workspace; anyone else their own bookings. Each widget opens the list it summarises; `booking.changed`
 * and `booking.listingChanged` refresh it live.
 */
export function BookingOverviewView() {
  const { t } = useTranslation();
  const range = useDashboardRange();
  const [period, setPeriod] = usePeriodParam(bookingStatsPeriods, 'month');
  const overview = useBookingOverview({ from: range.from, to: range.to, tz: range.tz, period });
  const money = useMoney();
  const currency = usePublicConfig().data?.currency ?? 'USD';
  const isAdmin = useAuth((state) => state.user?.role === 'admin');
  useBookingLive();

  const ctx: BookingWidgetContext = {
    data: overview.data,
    loading: overview.isPending,
    error: overview.isError && !overview.data,
    retry: () => void overview.refetch(),
    range,
    money: (cents) => money(cents),
    currency,
    period,
    setPeriod,
  };
  // Reviews are the administrators' to decide: the answer has them for administrators only.
  const showsReviews = overview.data ? overview.data.reviews !== undefined : isAdmin;
  const summary = { sm: 6, md: 4 };

  const widgets: BoardWidget[] = [
    ...boardWidget(
      'total-booking',
      t('booking.overview.total.title'),
      summary,
      <BookingSummary ctx={ctx} kind="total" />,
    ),
    ...boardWidget(
      'sold',
      t('booking.overview.sold.title'),
      summary,
      <BookingSummary ctx={ctx} kind="sold" />,
    ),
    ...boardWidget(
      'canceled',
      t('booking.overview.cancelled.title'),
      summary,
      <BookingSummary ctx={ctx} kind="cancelled" />,
    ),
    ...boardWidget(
      'booked',
      t('booking.overview.booked.title'),
      { md: 6, lg: 4 },
      <BookingByStatus ctx={ctx} />,
    ),
    ...boardWidget(
      'total-incomes',
      t('booking.overview.incomes.title'),
      { md: 6, lg: 4 },
      <BookingSummary ctx={ctx} kind="incomes" />,
    ),
    ...boardWidget(
      'check-in',
      t('booking.overview.checkIn.title'),
      { md: 6, lg: 4 },
      <BookingCheckIn ctx={ctx} />,
    ),
    ...boardWidget(
      'statistics',
      t('booking.overview.statistics.title'),
      { md: 6, lg: 8 },
      <BookingStatistics ctx={ctx} />,
    ),
    ...boardWidget(
      'customer-reviews',
      t('booking.overview.reviews.title'),
      { md: 6, lg: 4 },
      <BookingReviews ctx={ctx} />,
      showsReviews,
    ),
    ...boardWidget(
      'newest-booking',
      t('booking.overview.newest.title'),
      { md: 6, lg: 4 },
      <BookingNewest ctx={ctx} />,
    ),
    ...boardWidget(
      'available',
      t('booking.overview.available.title'),
      { md: 6, lg: 4 },
      <BookingAvailable ctx={ctx} />,
    ),
    ...boardWidget('booking-details', t('booking.overview.details.title'), {}, <BookingDetails ctx={ctx} />),
  ];

  return (
    <>
      <BookingPageHeading />
      <WidgetBoard dashboard="booking" widgets={widgets} actions={<DashboardRangeSelect />} />
    </>
  );
}
