import { alpha, useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { barClasses, BarChart } from '@mui/x-charts/BarChart';
import { useDrawingArea } from '@mui/x-charts/hooks';
import { lineClasses, LineChart } from '@mui/x-charts/LineChart';
import { pieClasses, PieChart } from '@mui/x-charts/PieChart';
import { radarClasses, RadarChart } from '@mui/x-charts/RadarChart';

import {
  cartesianSpec,
  chartClickSpec,
  type ChartClickSpec,
  radarSpec,
  radialSpec,
  sliceSpec,
} from './chart-config.ts';
import type { ChartFormatters } from './chart-format.ts';
import type { ChartProps } from './chart-types.ts';

/**
 * The drawing (MUI X Charts): the only module that imports the chart library, loaded on demand by
 * `chart.tsx`, so the library is in no page's first load (ADR 040).
 */
export default function ChartCanvas({
  chart,
  formatters,
  height,
}: {
  chart: ChartProps;
  formatters: ChartFormatters;
  height: number;
}) {
  const theme = useTheme();
  const reduceMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const context = { theme, formatters };
  // Drill-down: the library's click callbacks, and the pointer over what a click opens.
  const { target, ...clicks }: Partial<ChartClickSpec> = chart.onItemClick
    ? chartClickSpec(chart, theme, chart.onItemClick)
    : {};
  const clickable =
    target === 'plot'
      ? { '& svg': { cursor: 'pointer' } }
      : target === 'items'
        ? {
            [`& .${barClasses.element}, & .${pieClasses.arc}, & .${lineClasses.area}, & .${lineClasses.line}, & .${radarClasses.seriesArea}, & .${radarClasses.seriesMark}`]:
              { cursor: 'pointer' },
          }
        : {};
  const common = {
    height,
    hideLegend: chart.hideLegend,
    skipAnimation: reduceMotion,
    // The drawing is hidden from screen readers (they read the data table), so nothing in it takes focus.
    disableKeyboardNavigation: true,
    slotProps: { legend: { position: { vertical: 'bottom', horizontal: 'center' } as const } },
  };

  switch (chart.type) {
    case 'area':
    case 'line':
      return (
        <LineChart
          {...common}
          {...(cartesianSpec(chart, context) as Parameters<typeof LineChart>[0])}
          {...(clicks as Pick<
            Parameters<typeof LineChart>[0],
            'onAxisClick' | 'onAreaClick' | 'onLineClick'
          >)}
          grid={{ horizontal: true }}
          sx={{
            [`& .${lineClasses.area}`]: { fillOpacity: 0.16 },
            [`& .${lineClasses.line}`]: { strokeWidth: 2.5 },
            ...clickable,
          }}
        />
      );
    case 'bar':
      return (
        <BarChart
          {...common}
          {...(cartesianSpec(chart, context) as Parameters<typeof BarChart>[0])}
          {...(clicks as Pick<Parameters<typeof BarChart>[0], 'onAxisClick' | 'onItemClick'>)}
          sx={clickable}
          layout={chart.horizontal ? 'horizontal' : 'vertical'}
          borderRadius={4}
          grid={chart.horizontal ? { vertical: true } : { horizontal: true }}
        />
      );
    case 'donut':
    case 'pie':
      return (
        <PieChart
          {...common}
          {...(clicks as Pick<Parameters<typeof PieChart>[0], 'onItemClick'>)}
          sx={clickable}
          series={sliceSpec(chart, context)}
        >
          {chart.type === 'donut' ? (
            <CenterText
              value={formatters.value(chart.slices.reduce((sum, slice) => sum + slice.value, 0))}
              label={chart.totalLabel}
            />
          ) : null}
        </PieChart>
      );
    case 'radial':
      return (
        <PieChart
          {...common}
          {...(clicks as Pick<Parameters<typeof PieChart>[0], 'onItemClick'>)}
          sx={clickable}
          series={radialSpec(chart, context)}
        >
          {chart.slices.length === 1 && chart.slices[0] ? (
            <CenterText value={formatters.value(chart.slices[0].value)} />
          ) : null}
        </PieChart>
      );
    case 'radar':
      return (
        <RadarChart
          {...common}
          {...radarSpec(chart, context)}
          {...(clicks as Pick<
            Parameters<typeof RadarChart>[0],
            'onAxisClick' | 'onAreaClick' | 'onMarkClick'
          >)}
          sx={{ [`& .${radarClasses.seriesArea}`]: { fillOpacity: 0.2 }, ...clickable }}
          // The web's rings in the theme's divider colour (light and dark).
          stripeColor={(index) => (index % 2 ? alpha(theme.palette.text.primary, 0.04) : 'none')}
        />
      );
  }
}

/** A donut's total (or a single ring's value) in the hole, with an optional label above it. */
function CenterText({ value, label }: { value: string; label?: string | undefined }) {
  const theme = useTheme();
  const { left, top, width, height } = useDrawingArea();
  const x = left + width / 2;
  const y = top + height / 2;
  return (
    <text x={x} y={y} textAnchor="middle" dominantBaseline="central">
      {label ? (
        <tspan x={x} dy="-0.9em" style={{ ...theme.typography.caption, fill: theme.palette.text.secondary }}>
          {label}
        </tspan>
      ) : null}
      <tspan
        x={x}
        dy={label ? '1.6em' : 0}
        style={{ ...theme.typography.h6, fill: theme.palette.text.primary }}
      >
        {value}
      </tspan>
    </text>
  );
}
