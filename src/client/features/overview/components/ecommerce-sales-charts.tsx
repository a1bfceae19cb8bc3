import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { productGenders } from '#shared/contract/products-limits.ts';
import type { EcommerceOverview } from '#shared/contract/overview.ts';

import { Chart } from '../../../components/chart/chart.tsx';
import { chartSvgIn } from '../../../components/chart/chart-image.ts';
import type { ChartItem } from '../../../components/chart/chart-types.ts';
import { todayIn } from '../../../components/date-range/dashboard-range.ts';
import { ChartWidget, WidgetPeriodSelect } from '../../../components/widget-card/chart-widget.tsx';
import { RadialWidget } from '../../../components/widget-card/radial-widget.tsx';
import { getLanguage } from '../../../locales/locales-config.ts';
import { ordersOfDays, ordersOfMonth, shopOf, SOLD, SOLD_OR_REFUNDED } from './ecommerce-links.ts';
import { cardState, units, type EcommerceWidgetContext } from './ecommerce-widget.ts';

type GenderShare = EcommerceOverview['salesByGender']['byGender'][number];

/** How many years the yearly sales' select offers, back from the viewer's current year. */
const YEARS_OFFERED = 5;

/**
 * "Sales by gender": the share of the range's units sold for each of who products are for, as rings (a
 * product for several counts in each, so the shares are not parts of one whole and a donut would lie). A
 * ring, or its button in the chart's table, opens the shop filtered to it.
 */
export function EcommerceSalesByGender({ ctx }: { ctx: EcommerceWidgetContext }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const navigate = useNavigate();
  const mix = ctx.data?.salesByGender;
  const total = mix?.total.units ?? 0;
  const genderLabel = (gender: string) =>
    (productGenders as readonly string[]).includes(gender)
      ? t(`products.genders.${gender as (typeof productGenders)[number]}`)
      : gender;
  const colors = [theme.palette.primary.main, theme.palette.warning.main, theme.palette.info.main];
  const shares = (mix?.byGender ?? []).filter((share) => share.units > 0);
  const rings = shares.map((share, index) => ({
    label: genderLabel(share.gender),
    value: total > 0 ? share.units / total : 0,
    color: colors[index % colors.length],
  }));
  const title = t('overview.ecommerce.salesByGender.title');
  const chartBox = useRef<HTMLDivElement>(null);

  return (
    <RadialWidget<GenderShare>
      id="sales-by-gender"
      title={title}
      info={t('overview.ecommerce.salesByGender.info')}
      {...cardState(ctx)}
      empty={total === 0}
      emptyText={ctx.isAdmin ? t('overview.ecommerce.noSales') : t('overview.ecommerce.noPurchases')}
      data={{
        columns: [
          { header: t('overview.ecommerce.columns.gender'), value: (share) => genderLabel(share.gender) },
          { header: t('overview.ecommerce.columns.units'), value: (share) => share.units },
          {
            header: t('overview.ecommerce.columns.revenue', { currency: ctx.currency }),
            value: (share) => units(share.revenue),
          },
        ],
        rows: shares,
      }}
      fileName={`sales-by-gender-${ctx.range.from}-${ctx.range.to}`}
      image={() => chartSvgIn(chartBox.current)}
      legend={rings.map((ring, index) => ({ key: String(index), ...ring }))}
      chart={
        <Box ref={chartBox} sx={{ width: 1 }}>
          <Chart
            type="radial"
            title={title}
            slices={rings}
            valueFormat="percent"
            hideLegend
            onItemClick={({ dataIndex }) => {
              const share = shares[dataIndex];
              if (share) void navigate(shopOf({ gender: share.gender }));
            }}
            itemActionLabel={({ dataIndex }) =>
              t('overview.ecommerce.salesByGender.open', { gender: rings[dataIndex]?.label ?? '' })
            }
          />
        </Box>
      }
      sx={{ height: '100%' }}
    />
  );
}

type MonthRow = { month: string; label: string; income: number; refunds: number };

/** The twelve months' short and long names in the interface language (`Jan`, `January 2026`). */
function useMonthNames(year: number) {
  const { i18n } = useTranslation();
  const locale = getLanguage(i18n.resolvedLanguage).numberLocale;
  return useMemo(() => {
    // Dates at noon UTC, written in UTC: the month never shifts with the machine's zone.
    const short = new Intl.DateTimeFormat(locale, { month: 'short', timeZone: 'UTC' });
    const long = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' });
    return Array.from({ length: 12 }, (_, index) => {
      const date = new Date(Date.UTC(year, index, 1, 12));
      return { short: short.format(date), long: long.format(date) };
    });
  }, [locale, year]);
}

/**
 * "Yearly sales": income against refunds per month of the chosen year (the viewer's months), with a year
 * select. A month's bar, or its button in the chart's table, opens that month's orders: income the month's
 * sales (paid and completed orders), refunds the month's refunded orders.
 */
export function EcommerceYearlySales({
  ctx,
  year,
  onYearChange,
}: {
  ctx: EcommerceWidgetContext;
  /** The year asked for (the address's), or undefined: the year of the range's end. */
  year: number | undefined;
  onYearChange: (year: number) => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const chartBox = useRef<HTMLDivElement>(null);
  const yearly = ctx.data?.yearlySales;
  // The select shows the year asked for at once; the bars, the year of the answer on screen (the previous
  // one stays while the next loads).
  const selectedYear = year ?? yearly?.year ?? Number(ctx.range.to.slice(0, 4));
  const shownYear = yearly?.year ?? selectedYear;
  const timeZone = ctx.data?.range.timeZone ?? ctx.range.tz;
  const months = useMonthNames(shownYear);
  const currentYear = Number(todayIn(ctx.range.tz).slice(0, 4));
  const years = Array.from({ length: YEARS_OFFERED }, (_, index) => currentYear - index);
  if (!years.includes(selectedYear)) years.push(selectedYear);
  years.sort((a, b) => b - a);

  const rows: MonthRow[] = months.map((names, index) => ({
    month: `${shownYear}-${String(index + 1).padStart(2, '0')}`,
    label: names.long,
    income: yearly?.income[index] ?? 0,
    refunds: yearly?.refunds[index] ?? 0,
  }));
  const nothing = yearly !== undefined && rows.every((row) => row.income === 0 && row.refunds === 0);
  const title = t('overview.ecommerce.yearlySales.title');
  const openMonth = ({ seriesIndex, dataIndex }: ChartItem) => {
    const row = rows[dataIndex];
    if (row) void navigate(ordersOfMonth(row.month, timeZone, seriesIndex === 1 ? 'refunded' : SOLD));
  };

  return (
    <ChartWidget<MonthRow>
      id="yearly-sales"
      title={title}
      info={t('overview.ecommerce.yearlySales.info')}
      {...cardState(ctx)}
      empty={nothing}
      emptyText={
        ctx.isAdmin
          ? t('overview.ecommerce.yearlySales.empty', { year: shownYear })
          : t('overview.ecommerce.yearlySales.emptyMine', { year: shownYear })
      }
      period={
        <WidgetPeriodSelect
          label={t('overview.ecommerce.yearlySales.year')}
          value={String(selectedYear)}
          options={years.map((value) => ({ value: String(value), label: String(value) }))}
          onChange={(value) => onYearChange(Number(value))}
        />
      }
      data={{
        columns: [
          { header: t('overview.ecommerce.columns.month'), value: (row) => row.month },
          {
            header: `${t('overview.ecommerce.yearlySales.income')} (${ctx.currency})`,
            value: (row) => units(row.income),
          },
          {
            header: `${t('overview.ecommerce.yearlySales.refunds')} (${ctx.currency})`,
            value: (row) => units(row.refunds),
          },
        ],
        rows,
      }}
      fileName={`yearly-sales-${shownYear}`}
      image={() => chartSvgIn(chartBox.current)}
      list={{
        to: ordersOfDays(`${shownYear}-01-01`, `${shownYear}-12-31`, timeZone, { status: SOLD_OR_REFUNDED }),
      }}
      sx={{ height: '100%' }}
    >
      <Box ref={chartBox}>
        <Chart
          type="bar"
          title={title}
          categories={months.map((names) => names.short)}
          categoryLabel={t('overview.ecommerce.yearlySales.month')}
          series={[
            { name: t('overview.ecommerce.yearlySales.income'), data: rows.map((row) => units(row.income)) },
            {
              name: t('overview.ecommerce.yearlySales.refunds'),
              data: rows.map((row) => units(row.refunds)),
            },
          ]}
          valueFormat="currency"
          currency={ctx.currency}
          onItemClick={openMonth}
          itemActionLabel={({ seriesIndex, dataIndex }) =>
            t(
              seriesIndex === 1
                ? 'overview.ecommerce.yearlySales.openRefunds'
                : 'overview.ecommerce.yearlySales.openIncome',
              { month: rows[dataIndex]?.label ?? '' },
            )
          }
        />
      </Box>
    </ChartWidget>
  );
}
