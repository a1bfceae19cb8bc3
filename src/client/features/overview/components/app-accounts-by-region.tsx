import Box from '@mui/material/Box';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import type { AppOverview } from '#shared/contract/overview.ts';

import { Chart } from '../../../components/chart/chart.tsx';
import type { ChartItem } from '../../../components/chart/chart-types.ts';
import { todayIn } from '../../../components/date-range/dashboard-range.ts';
import { ChartWidget, WidgetPeriodSelect } from '../../../components/widget-card/chart-widget.tsx';
import type { WidgetData } from '../../../components/widget-card/widget-export.ts';
import { paths } from '../../../config/paths.ts';
import { fNumber } from '../../../lib/format.ts';
import { getLanguage } from '../../../locales/locales-config.ts';
import { usersCreatedInMonth } from './app-links.ts';
import { cardState, type AppWidgetProps } from './app-widget.ts';
import { chartSvgIn } from '../../../components/chart/chart-image.ts';

type RegionLine = NonNullable<AppOverview['accountsByRegion']>['series'][number];
type MonthRow = { month: number; values: number[] };

/** How many years back the year select offers (this year and the four before it). */
const YEARS_BACK = 4;

/** The twelve month names of the language (`short` on the axis, `long` in the drill-down's names). */
function monthNames(locale: string, width: 'short' | 'long'): string[] {
  const format = new Intl.DateTimeFormat(locale, { month: width, timeZone: 'UTC' });
  return Array.from({ length: 12 }, (_, month) => format.format(Date.UTC(2000, month, 1)));
}

/**
 * Accounts by region (the template's "area installed"; administrators): new accounts per month of the
 * chosen year by profile country (the five with the most, then the others together and those without a
 * country), stacked. Choosing a bar opens the accounts created that month, of that country when it is one.
 */
export function AppAccountsByRegion({
  overview,
  range,
  year,
  onYearChange,
}: AppWidgetProps & { year: number; onYearChange: (year: number) => void }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const drawing = useRef<HTMLDivElement>(null);
  const locale = getLanguage(i18n.resolvedLanguage).numberLocale;
  const shortMonths = useMemo(() => monthNames(locale, 'short'), [locale]);
  const longMonths = useMemo(() => monthNames(locale, 'long'), [locale]);
  const byRegion = overview.data?.accountsByRegion;
  // The lines of the year asked for; while another year loads, the last one's stay (its own year shown).
  const shownYear = byRegion?.year ?? year;
  const lines = byRegion?.series ?? [];
  const title = t('overview.app.accountsByRegion.title');
  const lineName = (line: RegionLine) =>
    line.kind === 'country' ? line.country : t(`overview.app.accountsByRegion.${line.kind}`);
  const yearTotal = lines.reduce((sum, line) => sum + line.months.reduce((a, b) => a + b, 0), 0);

  const thisYear = Number(todayIn(range.tz).slice(0, 4));
  const years = [...new Set([year, ...Array.from({ length: YEARS_BACK + 1 }, (_, i) => thisYear - i)])].sort(
    (a, b) => b - a,
  );

  const open = ({ seriesIndex, dataIndex }: ChartItem) => {
    const line = lines[seriesIndex];
    if (!line) return;
    void navigate(
      usersCreatedInMonth(shownYear, dataIndex, range.tz, line.kind === 'country' ? line.country : undefined),
    );
  };
  const openLabel = ({ seriesIndex, dataIndex }: ChartItem) => {
    const line = lines[seriesIndex];
    const month = `${longMonths[dataIndex] ?? ''} ${fNumber(shownYear, { useGrouping: false })}`;
    return line?.kind === 'country'
      ? t('overview.app.accountsByRegion.open', { country: line.country, month })
      : t('overview.app.accountsByRegion.openMonth', { month });
  };

  const data: WidgetData<MonthRow> = {
    columns: [
      {
        header: t('overview.app.columns.month'),
        value: (row) => `${shownYear}-${String(row.month + 1).padStart(2, '0')}`,
      },
      ...lines.map((line, index) => ({
        header: lineName(line),
        value: (row: MonthRow) => row.values[index] ?? 0,
      })),
    ],
    rows: lines.length
      ? Array.from({ length: 12 }, (_, month) => ({
          month,
          values: lines.map((line) => line.months[month] ?? 0),
        }))
      : [],
  };

  return (
    <ChartWidget<MonthRow>
      id="accounts-by-region"
      title={title}
      info={t('overview.app.accountsByRegion.info')}
      subheader={
        byRegion && yearTotal > 0
          ? t('overview.app.accountsByRegion.total', {
              count: yearTotal,
              year: fNumber(shownYear, { useGrouping: false }),
            })
          : undefined
      }
      period={
        <WidgetPeriodSelect
          label={t('overview.app.accountsByRegion.year')}
          value={String(year)}
          options={years.map((option) => ({
            value: String(option),
            label: fNumber(option, { useGrouping: false }),
          }))}
          onChange={(value) => onYearChange(Number(value))}
        />
      }
      {...cardState(overview)}
      empty={byRegion !== undefined && yearTotal === 0}
      emptyText={t('overview.app.accountsByRegion.empty', {
        year: fNumber(shownYear, { useGrouping: false }),
      })}
      data={data}
      image={() => chartSvgIn(drawing.current)}
      fileName={`accounts-by-region_${shownYear}`}
      list={{ to: paths.dashboard.user.list }}
      sx={{ height: 1 }}
    >
      <Box ref={drawing}>
        <Chart
          type="bar"
          stacked
          title={t('overview.app.accountsByRegion.chartTitle', {
            year: fNumber(shownYear, { useGrouping: false }),
          })}
          categoryLabel={t('overview.app.columns.month')}
          categories={shortMonths}
          series={lines.map((line) => ({ name: lineName(line), data: line.months }))}
          onItemClick={open}
          itemActionLabel={openLabel}
        />
      </Box>
    </ChartWidget>
  );
}
