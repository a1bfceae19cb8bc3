import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { useId } from 'react';

import type { SeriesPoint } from '#shared/contract/overview.ts';

const WIDTH = 96;
const HEIGHT = 48;

/**
 * A summary card's sparkline: a figure's daily series as a small area, for the eye only (`aria-hidden`: the
 * figure and its change are written beside it, and Export CSV gives the days). Plain SVG rather than the
 * chart block, which always draws axes, a legend and a data table: a line this small needs none of them,
 * nor the chart library. Time runs from the start side, so it is mirrored in right-to-left. A series with
 * no value draws nothing (a flat line at zero would look like data).
 */
export function TrendSparkline({ series }: { series: readonly SeriesPoint[] }) {
  const theme = useTheme();
  const gradientId = useId();
  const values = series.map((point) => point.value);
  if (values.length < 2 || !values.some((value) => value !== 0)) return null;
  const max = Math.max(...values);
  const min = Math.min(0, ...values);
  const span = max - min || 1;
  const step = WIDTH / (values.length - 1);
  const points = values
    .map(
      (value, index) =>
        `${(index * step).toFixed(1)},${(HEIGHT - 2 - ((value - min) / span) * (HEIGHT - 4)).toFixed(1)}`,
    )
    .join(' ');
  const color = theme.palette.primary.main;
  return (
    <Box
      component="svg"
      aria-hidden
      data-sparkline
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      preserveAspectRatio="none"
      sx={{
        display: 'block',
        width: WIDTH,
        height: HEIGHT,
        transform: theme.direction === 'rtl' ? 'scaleX(-1)' : undefined,
      }}
    >
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0%" stopColor={color} stopOpacity={0.32} />
          <stop offset="100%" stopColor={color} stopOpacity={0} />
        </linearGradient>
      </defs>
      <polygon points={`0,${HEIGHT} ${points} ${WIDTH},${HEIGHT}`} fill={`url(#${gradientId})`} />
      <polyline
        points={points}
        fill="none"
        stroke={color}
        strokeWidth={2}
        strokeLinejoin="round"
        vectorEffect="non-scaling-stroke"
      />
    </Box>
  );
}
