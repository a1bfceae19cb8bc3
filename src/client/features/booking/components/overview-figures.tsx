import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import type { StatsBucket } from '#shared/contract/booking-overview.ts';
import {
  bookingStatsPeriods,
  bookingStatuses,
  type BookingStatsPeriod,
  type BookingStatus,
} from '#shared/contract/booking-limits.ts';
import type { RateFigure, SeriesPoint, TrendFigure } from '#shared/contract/overview.ts';

import { Chart } from '../../../components/chart/chart.tsx';
import { chartSvgIn } from '../../../components/chart/chart-image.ts';
import { ChangeBadge } from '../../../components/widget-card/change-badge.tsx';
import { ChartWidget, WidgetPeriodSelect } from '../../../components/widget-card/chart-widget.tsx';
import { ProgressListWidget } from '../../../components/widget-card/progress-list-widget.tsx';
import { RadialWidget } from '../../../components/widget-card/radial-widget.tsx';
import { SummaryWidget } from '../../../components/widget-card/summary-widget.tsx';
import type { WidgetData } from '../../../components/widget-card/widget-export.ts';
import { paths } from '../../../config/paths.ts';
import { fNumber } from '../../../lib/format.ts';
import {
  bookingsOf,
  bucketEnd,
  cardState,
  dayDate,
  rangeBookings,
  rangeFileName,
  rateOf,
  units,
  type BookingWidgetContext,
} from './overview-widget.ts';

type SummaryKind = 'total' | 'sold' | 'cancelled' | 'incomes';
const summaryIds: Record<SummaryKind, string> = {
  total: 'total-booking',
  sold: 'sold',
  cancelled: 'canceled',
  incomes: 'total-incomes',
};
/** What each summary opens: the range's bookings of that status (sold ones are three: all of the range). */
const summaryStatus: Record<SummaryKind, BookingStatus | 'all'> = {
  total: 'all',
  sold: 'all',
  cancelled: 'cancelled',
  incomes: 'all',
};

/** Total bookings, sold, cancelled or total incomes: the figure, its change and the range day by day. */
export function BookingSummary({ ctx, kind }: { ctx: BookingWidgetContext; kind: SummaryKind }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const figure: TrendFigure | undefined = ctx.data?.[kind];
  const money = kind === 'incomes';
  const title = t(`booking.overview.${kind}.title`);
  const series = figure?.series ?? [];
  const status = summaryStatus[kind];
  const data: WidgetData<SeriesPoint> = {
    columns: [
      { header: t('booking.overview.columns.day'), value: (point) => point.day },
      {
        header: money ? `${title} (${ctx.currency})` : title,
        value: (point) => (money ? units(point.value) : point.value),
      },
    ],
    rows: series,
  };
  return (
    <SummaryWidget<SeriesPoint>
      id={summaryIds[kind]}
      title={title}
      info={t(`booking.overview.${kind}.info`)}
      {...cardState(ctx)}
      empty={figure !== undefined && figure.value === 0 && figure.previous === 0}
      emptyText={t('booking.overview.empty')}
      figure={figure}
      format={money ? ctx.money : (value) => fNumber(value)}
      periodLabel={ctx.range.previousLabel}
      goodWhen={kind === 'cancelled' ? 'down' : 'up'}
      data={data}
      fileName={rangeFileName(summaryIds[kind], ctx.range)}
      list={{ to: rangeBookings(ctx, status) }}
      sparkline={
        series.some((point) => point.value !== 0) && (
          <Chart
            type="area"
            title={title}
            height={72}
            hideLegend
            valueFormat={money ? 'currency' : 'number'}
            currency={ctx.currency}
            dateFormat="day"
            categories={series.map((point) => dayDate(point.day))}
            series={[{ name: title, data: series.map((point) => (money ? point.value / 100 : point.value)) }]}
            onItemClick={({ dataIndex }) => {
              const day = series[dataIndex]?.day;
              if (day) void navigate(bookingsOf({ status, from: day, to: day, tz: ctx.range.tz }));
            }}
          />
        )
      }
      sx={{ height: 1 }}
    />
  );
}

const statusColors: Record<BookingStatus, 'warning' | 'info' | 'success' | 'primary' | 'error'> = {
  pending: 'warning',
  confirmed: 'info',
  checked_in: 'success',
  completed: 'primary',
  cancelled: 'error',
};

/** "Booked": the range's bookings by status as bars, each a share of them all. */
export function BookingByStatus({ ctx }: { ctx: BookingWidgetContext }) {
  const { t } = useTranslation();
  const counts = ctx.data?.byStatus.current;
  const total = counts ? bookingStatuses.reduce((sum, status) => sum + counts[status], 0) : 0;
  const rows = counts ? bookingStatuses.map((status) => ({ status, count: counts[status] })) : [];
  return (
    <ProgressListWidget<(typeof rows)[number]>
      id="booked"
      title={t('booking.overview.booked.title')}
      info={t('booking.overview.booked.info')}
      {...cardState(ctx)}
      emptyText={t('booking.overview.empty')}
      items={
        total > 0
          ? rows.map((row) => ({
              key: row.status,
              label: t(`booking.statuses.${row.status}`),
              value: row.count,
              max: total,
              color: statusColors[row.status],
            }))
          : []
      }
      data={{
        columns: [
          {
            header: t('booking.overview.columns.status'),
            value: (row) => t(`booking.statuses.${row.status}`),
          },
          { header: t('booking.overview.columns.bookings'), value: (row) => row.count },
        ],
        rows,
      }}
      fileName={rangeFileName('booked', ctx.range)}
      list={{ to: rangeBookings(ctx) }}
      sx={{ height: 1 }}
    />
  );
}

type Period = 'current' | 'previous';

/** "Check-in": the check-in rate and the paid rate of the range as two rings, with their change. */
export function BookingCheckIn({ ctx }: { ctx: BookingWidgetContext }) {
  const { t } = useTranslation();
  const drawing = useRef<HTMLDivElement>(null);
  const title = t('booking.overview.checkIn.title');
  const rates: Array<{ key: 'checkIn' | 'paid'; figure: RateFigure | undefined }> = [
    { key: 'checkIn', figure: ctx.data?.checkIn },
    { key: 'paid', figure: ctx.data?.paid },
  ];
  const shown = rates.flatMap(({ key, figure }) => {
    const rate = figure && rateOf(figure.part, figure.total);
    return figure && rate !== undefined ? [{ key, figure, rate }] : [];
  });
  const colors = { checkIn: 'success.main', paid: 'info.main' };
  const data: WidgetData<{ key: 'checkIn' | 'paid'; period: Period; figure: RateFigure }> = {
    columns: [
      {
        header: t('booking.overview.columns.rate'),
        value: (row) => t(`booking.overview.checkIn.${row.key}`),
      },
      {
        header: t('booking.overview.columns.period'),
        value: (row) => t(`booking.overview.periods.${row.period}`),
      },
      {
        header: t('booking.overview.columns.part'),
        value: (row) => (row.period === 'current' ? row.figure.part : row.figure.previousPart),
      },
      {
        header: t('booking.overview.columns.total'),
        value: (row) => (row.period === 'current' ? row.figure.total : row.figure.previousTotal),
      },
    ],
    rows: rates.flatMap(({ key, figure }) =>
      figure ? (['current', 'previous'] as const).map((period) => ({ key, period, figure })) : [],
    ),
  };
  return (
    <RadialWidget<(typeof data.rows)[number]>
      id="check-in"
      title={title}
      info={t('booking.overview.checkIn.info')}
      {...cardState(ctx)}
      empty={ctx.data !== undefined && shown.length === 0}
      emptyText={t('booking.overview.checkIn.empty')}
      data={data}
      image={() => chartSvgIn(drawing.current)}
      fileName={rangeFileName('check-in', ctx.range)}
      list={{ to: rangeBookings(ctx, 'checked_in') }}
      size={220}
      chart={
        shown.length > 0 && (
          <Box ref={drawing} sx={{ width: 1 }}>
            <Chart
              type="radial"
              title={title}
              valueFormat="percent"
              height={220}
              hideLegend
              slices={shown.map(({ key, rate }) => ({
                label: t(`booking.overview.checkIn.${key}`),
                value: rate,
              }))}
            />
            {shown.map(({ key, figure, rate }) => (
              <Box key={key} sx={{ display: 'flex', justifyContent: 'center', gap: 1, flexWrap: 'wrap' }}>
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {t(`booking.overview.checkIn.${key}Of`, {
                    part: fNumber(figure.part),
                    count: figure.total,
                  })}
                </Typography>
                <ChangeBadge
                  value={rate}
                  previous={rateOf(figure.previousPart, figure.previousTotal)}
                  periodLabel={ctx.range.previousLabel}
                />
              </Box>
            ))}
          </Box>
        )
      }
      legend={shown.map(({ key, rate }) => ({
        key,
        label: t(`booking.overview.checkIn.${key}`),
        value: rate,
        color: colors[key],
      }))}
      sx={{ height: 1 }}
    />
  );
}

const periodFormat = { week: 'day', month: 'month', year: 'year' } as const;

/** "Statistics": sold against cancelled per week, month or year (the period in the address). */
export function BookingStatistics({ ctx }: { ctx: BookingWidgetContext }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const buckets = ctx.data?.statistics.buckets ?? [];
  const period = ctx.data?.statistics.period ?? ctx.period;
  const title = t('booking.overview.statistics.title');
  const names = {
    sold: t('booking.overview.statistics.sold'),
    cancelled: t('booking.overview.statistics.cancelled'),
  };
  const drill = (bucket: StatsBucket | undefined, status: BookingStatus | 'all') => {
    if (!bucket) return;
    const last = new Date(Date.parse(`${bucketEnd(period, bucket.start)}T00:00:00Z`) - 86_400_000)
      .toISOString()
      .slice(0, 10);
    void navigate(bookingsOf({ status, from: bucket.start, to: last, tz: ctx.range.tz }));
  };
  return (
    <ChartWidget<StatsBucket>
      id="statistics"
      title={title}
      info={t('booking.overview.statistics.info')}
      {...cardState(ctx)}
      empty={buckets.length > 0 && buckets.every((b) => b.sold === 0 && b.cancelled === 0)}
      emptyText={t('booking.overview.empty')}
      period={
        <WidgetPeriodSelect<BookingStatsPeriod>
          label={t('booking.overview.statistics.period')}
          value={ctx.period}
          options={bookingStatsPeriods.map((value) => ({
            value,
            label: t(`booking.overview.statistics.periods.${value}`),
          }))}
          onChange={ctx.setPeriod}
        />
      }
      data={{
        columns: [
          { header: t('booking.overview.columns.period'), value: (b) => b.start },
          { header: names.sold, value: (b) => b.sold },
          { header: names.cancelled, value: (b) => b.cancelled },
        ],
        rows: buckets,
      }}
      fileName={`booking-statistics-${period}`}
      list={{ to: paths.dashboard.booking.list }}
      sx={{ height: 1 }}
    >
      <Chart
        type="bar"
        title={title}
        dateFormat={periodFormat[period]}
        categories={buckets.map((b) => dayDate(b.start))}
        series={[
          { name: names.sold, data: buckets.map((b) => b.sold) },
          { name: names.cancelled, data: buckets.map((b) => b.cancelled) },
        ]}
        onItemClick={({ seriesIndex, dataIndex }) =>
          drill(buckets[dataIndex], seriesIndex === 1 ? 'cancelled' : 'all')
        }
        itemActionLabel={({ seriesIndex, dataIndex }) =>
          t('booking.overview.statistics.open', {
            name: seriesIndex === 1 ? names.cancelled : names.sold,
            start: buckets[dataIndex]?.start ?? '',
          })
        }
      />
    </ChartWidget>
  );
}

/** "Places available": the coming days' slots with places left against those sold out, as a donut. */
export function BookingAvailable({ ctx }: { ctx: BookingWidgetContext }) {
  const { t } = useTranslation();
  const drawing = useRef<HTMLDivElement>(null);
  const available = ctx.data?.available;
  const title = t('booking.overview.available.title');
  const slices = available
    ? [
        {
          key: 'available',
          label: t('booking.overview.available.available'),
          value: available.slotsAvailable,
        },
        { key: 'soldOut', label: t('booking.overview.available.soldOut'), value: available.slotsSoldOut },
      ]
    : [];
  const total = slices.reduce((sum, slice) => sum + slice.value, 0);
  return (
    <RadialWidget<(typeof slices)[number]>
      id="available"
      title={title}
      info={t('booking.overview.available.info', { count: available?.days ?? 7 })}
      {...cardState(ctx)}
      empty={available !== undefined && total === 0}
      emptyText={t('booking.overview.available.empty')}
      data={{
        columns: [
          { header: t('booking.overview.columns.slots'), value: (slice) => slice.label },
          { header: t('booking.overview.columns.count'), value: (slice) => slice.value },
        ],
        rows: slices,
      }}
      image={() => chartSvgIn(drawing.current)}
      fileName="places-available"
      list={{ to: paths.dashboard.booking.listings }}
      size={220}
      chart={
        available &&
        total > 0 && (
          <Box ref={drawing} sx={{ width: 1 }}>
            <Chart
              type="donut"
              title={title}
              height={220}
              hideLegend
              totalLabel={t('booking.overview.available.slots')}
              slices={slices.map((slice) => ({ label: slice.label, value: slice.value }))}
            />
            <Typography variant="body2" sx={{ mt: 1, color: 'text.secondary', textAlign: 'center' }}>
              {t('booking.overview.available.places', {
                left: fNumber(available.placesLeft),
                taken: fNumber(available.placesTaken),
              })}
            </Typography>
          </Box>
        )
      }
      legend={slices.map((slice) => ({
        key: slice.key,
        label: `${slice.label} ${fNumber(slice.value)}`,
        value: total > 0 ? slice.value / total : 0,
        color: slice.key === 'available' ? 'primary.main' : 'warning.main',
      }))}
      sx={{ height: 1 }}
    />
  );
}
