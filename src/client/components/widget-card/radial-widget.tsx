import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

import { fPercent } from '../../lib/format.ts';
import { WidgetCard, type WidgetCardProps } from './widget-card.tsx';

export type RadialLegendItem = {
  key: string;
  label: string;
  /** A fraction: 0.82 is 82 %. */
  value: number;
  /** The colour of its ring (a palette colour), for the legend's dot. */
  color?: string;
};

export type RadialWidgetProps<Row = unknown> = Omit<WidgetCardProps<Row>, 'children' | 'skeleton'> & {
  /** The radial chart, from `components/chart`. */
  chart?: ReactNode;
  /** The rates the rings show, written under the chart in the language's format. */
  legend?: readonly RadialLegendItem[];
  /** The chart's size, kept by the skeleton (default 240 px). */
  size?: number;
};

/** The radial card: a radial chart (a rate, or several rings) with its rates in a legend. */
export function RadialWidget<Row = unknown>({
  chart,
  legend = [],
  size = 240,
  ...card
}: RadialWidgetProps<Row>) {
  return (
    <WidgetCard
      {...card}
      skeleton={
        <Box sx={{ display: 'flex', justifyContent: 'center' }}>
          <Skeleton variant="circular" width={size} height={size} />
        </Box>
      }
    >
      {chart && <Box sx={{ display: 'flex', justifyContent: 'center', minHeight: size }}>{chart}</Box>}
      {legend.length > 0 && (
        <Box
          component="ul"
          sx={{
            m: 0,
            mt: 2,
            p: 0,
            listStyle: 'none',
            display: 'flex',
            flexWrap: 'wrap',
            justifyContent: 'center',
            gap: 2,
          }}
        >
          {legend.map((item) => (
            <Box component="li" key={item.key} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <Box
                aria-hidden
                sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: item.color ?? 'primary.main' }}
              />
              <Typography variant="body2">{item.label}</Typography>
              <Typography variant="subtitle2">{fPercent(item.value)}</Typography>
            </Box>
          ))}
        </Box>
      )}
    </WidgetCard>
  );
}
