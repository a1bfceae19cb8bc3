import { alpha, useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { BarChart } from '@mui/x-charts/BarChart';
import { useDrawingArea } from '@mui/x-charts/hooks';
import { lineClasses, LineChart } from '@mui/x-charts/LineChart';
import { PieChart } from '@mui/x-charts/PieChart';
import { RadarChart } from '@mui/x-charts/RadarChart';

import { cartesianSpec, radarSpec, radialSpec, sliceSpec } from './chart-config.ts';
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
          grid={{ horizontal: true }}
          sx={{
            [`& .${lineClasses.area}`]: { fillOpacity: 0.16 },
            [`& .${lineClasses.line}`]: { strokeWidth: 2.5 },
          }}
        />
      );
    case 'bar':
      return (
        <BarChart
          {...common}
          {...(cartesianSpec(chart, context) as Parameters<typeof BarChart>[0])}
          layout={chart.horizontal ? 'horizontal' : 'vertical'}
          borderRadius={4}
          grid={chart.horizontal ? { vertical: true } : { horizontal: true }}
        />
      );
    case 'donut':
    case 'pie':
      return (
        <PieChart {...common} series={sliceSpec(chart, context)}>
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
        <PieChart {...common} series={radialSpec(chart, context)}>
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
          sx={{ '& .MuiRadarSeriesPlot-area': { fillOpacity: 0.2 } }}
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
