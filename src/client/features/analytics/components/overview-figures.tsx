import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, Link as RouterLink } from 'react-router';

import type { AnalyticsOverview } from '#shared/contract/analytics.ts';
import type { SeriesPoint, TrendFigure } from '#shared/contract/overview.ts';

import { Chart } from '../../../components/chart/chart.tsx';
import { chartSvgIn } from '../../../components/chart/chart-image.ts';
import { ChangeBadge } from '../../../components/widget-card/change-badge.tsx';
import { ChartWidget } from '../../../components/widget-card/chart-widget.tsx';
import { SummaryWidget } from '../../../components/widget-card/summary-widget.tsx';
import { WidgetCard } from '../../../components/widget-card/widget-card.tsx';
import type { WidgetData } from '../../../components/widget-card/widget-export.ts';
import { paths } from '../../../config/paths.ts';
import { fNumber } from '../../../lib/format.ts';
import { useValueLabel } from './use-value-label.ts';
import {
  cardState,
  countryDetails,
  dayDate,
  detailsOf,
  OTHER_COUNTRIES,
  ordersOfRange,
  rangeFileName,
  usersOfRange,
  type AnalyticsWidgetContext,
} from './overview-widget.ts';

type SummaryKind = 'weeklySales' | 'newUsers' | 'purchaseOrders' | 'messages';
export const summaryIds: Record<SummaryKind, string> = {
  weeklySales: 'weekly-sales',
  newUsers: 'new-users',
  purchaseOrders: 'purchase-orders',
  messages: 'messages',
};

/** Where each summary leads: the list of what it counts, filtered to the range where the list can be. */
function summaryList(kind: SummaryKind, ctx: AnalyticsWidgetContext): string {
  switch (kind) {
    case 'weeklySales':
    case 'purchaseOrders':
      return ordersOfRange(ctx.range);
    case 'newUsers':
      return usersOfRange(ctx.range);
    case 'messages':
      return paths.dashboard.chat.root;
  }
}

/** Weekly sales, new users, purchase orders or messages: the figure, its change and the range day by day. */
export function AnalyticsSummary({ ctx, kind }: { ctx: AnalyticsWidgetContext; kind: SummaryKind }) {
  const { t } = useTranslation();
  const figure: TrendFigure | undefined = ctx.data?.[kind];
  const title = t(`analytics.overview.${kind}.title`);
  const series = figure?.series ?? [];
  const data: WidgetData<SeriesPoint> = {
    columns: [
      { header: t('analytics.overview.columns.day'), value: (point) => point.day },
      { header: title, value: (point) => point.value },
    ],
    rows: series,
  };
  return (
    <SummaryWidget<SeriesPoint>
      id={summaryIds[kind]}
      title={title}
      info={t(`analytics.overview.${kind}.info`)}
      {...cardState(ctx)}
      empty={figure !== undefined && figure.value === 0 && figure.previous === 0}
      emptyText={t('analytics.overview.empty')}
      figure={figure}
      format={(value) => fNumber(value)}
      periodLabel={ctx.range.previousLabel}
      data={data}
      fileName={rangeFileName(summaryIds[kind], ctx.range)}
      list={{ to: summaryList(kind, ctx) }}
      sparkline={
        series.some((point) => point.value !== 0) && (
          <Chart
            type="area"
            title={title}
            height={72}
            hideLegend
            dateFormat="day"
            categories={series.map((point) => dayDate(point.day))}
            series={[{ name: title, data: series.map((point) => point.value) }]}
          />
        )
      }
      sx={{ height: 1 }}
    />
  );
}

type CountryRow = AnalyticsOverview['visitsByCountry'][number];

/** A country's name in the interface language (`Intl.DisplayNames`); the rest as "Other countries". */
function useCountryName() {
  const { t } = useTranslation();
  const label = useValueLabel();
  return (country: string) =>
    country === OTHER_COUNTRIES ? t('analytics.overview.currentVisits.other') : label('country', country);
}

/**
 * "Current visits": the site's visitors by country over the range, as a pie; a slice (or its row in the
 * chart's table, for the keyboard) opens the pages those visitors saw, filtered to the country.
 */
export function AnalyticsCurrentVisits({ ctx }: { ctx: AnalyticsWidgetContext }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const drawing = useRef<HTMLDivElement>(null);
  const countryName = useCountryName();
  const rows = ctx.data?.visitsByCountry ?? [];
  const title = t('analytics.overview.currentVisits.title');
  const shown = rows.filter((row) => row.visitors > 0);
  return (
    <ChartWidget<CountryRow>
      id="current-visits"
      title={title}
      info={t('analytics.overview.currentVisits.info')}
      {...cardState(ctx)}
      empty={ctx.data !== undefined && shown.length === 0}
      emptyText={t('analytics.overview.noTraffic')}
      height={300}
      data={{
        columns: [
          { header: t('analytics.overview.columns.country'), value: (row) => countryName(row.country) },
          { header: t('analytics.overview.columns.visitors'), value: (row) => row.visitors },
        ],
        rows: shown,
      }}
      image={() => chartSvgIn(drawing.current)}
      fileName={rangeFileName('current-visits', ctx.range)}
      list={{ to: detailsOf('countries', ctx) }}
      sx={{ height: 1 }}
    >
      <Box ref={drawing}>
        <Chart
          type="pie"
          title={title}
          height={300}
          slices={shown.map((row) => ({ label: countryName(row.country), value: row.visitors }))}
          onItemClick={({ dataIndex }) => {
            const row = shown[dataIndex];
            if (row) void navigate(countryDetails(ctx, row.country));
          }}
          itemActionLabel={({ dataIndex }) =>
            shown[dataIndex]?.country === OTHER_COUNTRIES
              ? t('analytics.overview.currentVisits.openOther')
              : t('analytics.overview.currentVisits.open', {
                  country: countryName(shown[dataIndex]?.country ?? ''),
                })
          }
        />
      </Box>
    </ChartWidget>
  );
}

type VisitsRow = { day: string; current: number; previousDay: string | undefined; previous: number | null };

/** "Website visits": the site's visitors day by day, this period against the previous one. */
export function AnalyticsWebsiteVisits({ ctx }: { ctx: AnalyticsWidgetContext }) {
  const { t } = useTranslation();
  const drawing = useRef<HTMLDivElement>(null);
  const current = ctx.data?.visits.current ?? [];
  const previous = ctx.data?.visits.previous ?? [];
  const title = t('analytics.overview.websiteVisits.title');
  const names = {
    current: t('analytics.overview.websiteVisits.current'),
    previous: t('analytics.overview.websiteVisits.previous'),
  };
  const rows: VisitsRow[] = current.map((point, index) => ({
    day: point.day,
    current: point.visitors,
    previousDay: previous[index]?.day,
    previous: previous[index]?.visitors ?? null,
  }));
  const empty =
    ctx.data !== undefined &&
    current.every((point) => point.visitors === 0) &&
    previous.every((point) => point.visitors === 0);
  return (
    <ChartWidget<VisitsRow>
      id="website-visits"
      title={title}
      subheader={
        ctx.data && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('analytics.overview.websiteVisits.total', {
              count: current.reduce((sum, point) => sum + point.visitors, 0),
              views: fNumber(current.reduce((sum, point) => sum + point.views, 0)),
            })}
          </Typography>
        )
      }
      info={t('analytics.overview.websiteVisits.info')}
      {...cardState(ctx)}
      empty={empty}
      emptyText={t('analytics.overview.noTraffic')}
      data={{
        columns: [
          { header: t('analytics.overview.columns.day'), value: (row) => row.day },
          { header: names.current, value: (row) => row.current },
          { header: t('analytics.overview.columns.previousDay'), value: (row) => row.previousDay ?? '' },
          { header: names.previous, value: (row) => row.previous ?? '' },
        ],
        rows,
      }}
      image={() => chartSvgIn(drawing.current)}
      fileName={rangeFileName('website-visits', ctx.range)}
      list={{ to: detailsOf('pages', ctx) }}
      sx={{ height: 1 }}
    >
      <Box ref={drawing}>
        <Chart
          type="area"
          title={title}
          dateFormat="day"
          categories={rows.map((row) => dayDate(row.day))}
          series={[
            { name: names.current, data: rows.map((row) => row.current) },
            { name: names.previous, data: rows.map((row) => row.previous) },
          ]}
        />
      </Box>
    </ChartWidget>
  );
}

type ConversionRow = AnalyticsOverview['conversionByCountry'][number];

/**
 * "Conversion rates": per country, the share of the range's visitors who converted (signed up, ordered or
 * reached a goal); a bar opens the pages of that country's visitors.
 */
export function AnalyticsConversionRates({ ctx }: { ctx: AnalyticsWidgetContext }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const drawing = useRef<HTMLDivElement>(null);
  const countryName = useCountryName();
  const rows = (ctx.data?.conversionByCountry ?? []).filter((row) => row.visitors > 0);
  const title = t('analytics.overview.conversion.title');
  const rate = t('analytics.overview.conversion.rate');
  return (
    <ChartWidget<ConversionRow>
      id="conversion-rates"
      title={title}
      info={t('analytics.overview.conversion.info')}
      {...cardState(ctx)}
      empty={ctx.data !== undefined && rows.length === 0}
      emptyText={t('analytics.overview.noTraffic')}
      data={{
        columns: [
          { header: t('analytics.overview.columns.country'), value: (row) => countryName(row.country) },
          { header: t('analytics.overview.columns.visitors'), value: (row) => row.visitors },
          { header: t('analytics.overview.columns.converted'), value: (row) => row.converted },
          { header: rate, value: (row) => Number((row.converted / row.visitors).toFixed(4)) },
        ],
        rows,
      }}
      image={() => chartSvgIn(drawing.current)}
      fileName={rangeFileName('conversion-rates', ctx.range)}
      list={{ to: detailsOf('countries', ctx) }}
      sx={{ height: 1 }}
    >
      <Box ref={drawing}>
        <Chart
          type="bar"
          horizontal
          title={title}
          valueFormat="percent"
          hideLegend
          categoryLabel={t('analytics.overview.columns.country')}
          categories={rows.map((row) => countryName(row.country))}
          series={[{ name: rate, data: rows.map((row) => row.converted / row.visitors) }]}
          onItemClick={({ dataIndex }) => {
            const row = rows[dataIndex];
            if (row) void navigate(countryDetails(ctx, row.country));
          }}
          itemActionLabel={({ dataIndex }) =>
            t('analytics.overview.currentVisits.open', {
              country: countryName(rows[dataIndex]?.country ?? ''),
            })
          }
        />
      </Box>
    </ChartWidget>
  );
}

type AreaRow = AnalyticsOverview['areas'][number];

/** "Current subject": how much each workspace area was used, this period against the previous, as a radar. */
export function AnalyticsCurrentSubject({ ctx }: { ctx: AnalyticsWidgetContext }) {
  const { t } = useTranslation();
  const drawing = useRef<HTMLDivElement>(null);
  const areas = ctx.data?.areas ?? [];
  const title = t('analytics.overview.subject.title');
  const names = {
    current: t('analytics.overview.subject.current'),
    previous: t('analytics.overview.subject.previous'),
  };
  const areaName = (row: AreaRow) => t(`analytics.overview.subject.areas.${row.area}`);
  return (
    <ChartWidget<AreaRow>
      id="current-subject"
      title={title}
      info={t('analytics.overview.subject.info')}
      {...cardState(ctx)}
      empty={ctx.data !== undefined && areas.every((row) => row.value === 0 && row.previous === 0)}
      emptyText={t('analytics.overview.empty')}
      height={340}
      data={{
        columns: [
          { header: t('analytics.overview.columns.area'), value: areaName },
          { header: names.current, value: (row) => row.value },
          { header: names.previous, value: (row) => row.previous },
        ],
        rows: areas,
      }}
      image={() => chartSvgIn(drawing.current)}
      fileName={rangeFileName('current-subject', ctx.range)}
      sx={{ height: 1 }}
    >
      <Box ref={drawing}>
        <Chart
          type="radar"
          title={title}
          categoryLabel={t('analytics.overview.columns.area')}
          categories={areas.map(areaName)}
          series={[
            { name: names.current, data: areas.map((row) => row.value) },
            { name: names.previous, data: areas.map((row) => row.previous) },
          ]}
        />
      </Box>
    </ChartWidget>
  );
}

type SourceRow = AnalyticsOverview['sources'][number];

/** "Traffic by site": the site's visitors per referrer source, each with its change; a source opens its view. */
export function AnalyticsTrafficBySite({ ctx }: { ctx: AnalyticsWidgetContext }) {
  const { t } = useTranslation();
  const label = useValueLabel();
  const rows = (ctx.data?.sources ?? []).filter((row) => row.visitors > 0 || row.previous > 0);
  const title = t('analytics.overview.traffic.title');
  return (
    <WidgetCard<SourceRow>
      id="traffic-by-site"
      title={title}
      info={t('analytics.overview.traffic.info')}
      {...cardState(ctx)}
      empty={ctx.data !== undefined && rows.length === 0}
      emptyText={t('analytics.overview.noTraffic')}
      data={{
        columns: [
          { header: t('analytics.overview.columns.source'), value: (row) => label('source', row.source) },
          { header: t('analytics.overview.columns.visitors'), value: (row) => row.visitors },
          { header: t('analytics.overview.columns.previous'), value: (row) => row.previous },
        ],
        rows,
      }}
      fileName={rangeFileName('traffic-by-site', ctx.range)}
      list={{ to: detailsOf('sources', ctx) }}
      sx={{ height: 1 }}
    >
      <Box
        component="ul"
        aria-label={title}
        sx={{
          m: 0,
          p: 0,
          listStyle: 'none',
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))' },
        }}
      >
        {rows.map((row) => (
          <Box
            component="li"
            key={row.source}
            data-source={row.source}
            sx={{
              p: 2,
              borderRadius: 1.5,
              textAlign: 'center',
              border: 1,
              borderColor: 'divider',
              minWidth: 0,
            }}
          >
            <Typography variant="h6" component="p">
              {fNumber(row.visitors)}
            </Typography>
            <Link
              component={RouterLink}
              to={detailsOf('sources', ctx, `source:${row.source}`)}
              variant="body2"
              underline="hover"
              sx={{ display: 'block', overflowWrap: 'anywhere' }}
            >
              {label('source', row.source)}
            </Link>
            <Box sx={{ mt: 1, display: 'flex', justifyContent: 'center' }}>
              <ChangeBadge value={row.visitors} previous={row.previous} />
            </Box>
          </Box>
        ))}
      </Box>
    </WidgetCard>
  );
}
