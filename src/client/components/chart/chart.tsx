import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import { getLanguage } from '../../locales/locales-config.ts';
import { isChartEmpty } from './chart-config.ts';
import { ChartDataTable } from './chart-data-table.tsx';
import { chartFormatters } from './chart-format.ts';
import type { ChartProps, ChartType } from './chart-types.ts';

/** Loads the drawing's code (and the chart library): call it ahead, on a route loader or a hover. */
export const preloadChart = () => import('./chart-canvas.tsx');
const ChartCanvas = lazy(preloadChart);

const defaultHeight: Record<ChartType, number> = {
  area: 320,
  line: 320,
  bar: 320,
  donut: 300,
  pie: 300,
  radial: 260,
  radar: 340,
};

/**
 * One chart: area, line, bar, donut, pie, radial or radar (ADR 040). Colours from the theme's palette,
 * mirrored in right-to-left, values and dates written in the interface language; a legend and tooltips
 * (the library's), and the data as a table for screen readers. Nothing to draw shows `emptyText`, not zeros.
 * The chart library loads on first render (the space is kept meanwhile), never with the page.
 */
export function Chart(props: ChartProps) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const locale = getLanguage(i18n.resolvedLanguage).numberLocale;
  const { valueFormat, currency } = props;
  const dateFormat =
    props.type === 'area' || props.type === 'line' || props.type === 'bar' ? props.dateFormat : undefined;
  const formatters = useMemo(
    () => chartFormatters({ locale, valueFormat, currency, dateFormat }),
    [locale, valueFormat, currency, dateFormat],
  );
  const height = props.height ?? defaultHeight[props.type];

  return (
    <Box
      component="figure"
      aria-label={props.title}
      dir={theme.direction}
      data-chart={props.type}
      sx={{ m: 0, position: 'relative', minWidth: 0 }}
    >
      {isChartEmpty(props) ? (
        <Box sx={{ height, display: 'grid', placeItems: 'center', px: 2 }}>
          <Typography variant="body2" sx={{ color: 'text.secondary', textAlign: 'center' }}>
            {props.emptyText ?? t('common.chart.empty')}
          </Typography>
        </Box>
      ) : (
        <>
          {/* The drawing repeats the table below for the eye: screen readers read the table. */}
          <Box aria-hidden sx={{ height }}>
            <Suspense fallback={<Skeleton variant="rounded" height={height} />}>
              <ChartCanvas chart={props} formatters={formatters} height={height} />
            </Suspense>
          </Box>
          <ChartDataTable chart={props} formatters={formatters} />
        </>
      )}
    </Box>
  );
}
