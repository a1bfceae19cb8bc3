import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

import { fNumber } from '../../lib/format.ts';
import { ChangeBadge } from './change-badge.tsx';
import type { TrendInput } from './trend.ts';
import { WidgetCard, type WidgetCardProps } from './widget-card.tsx';

export type SummaryWidgetProps<Row = unknown> = Omit<WidgetCardProps<Row>, 'children' | 'skeleton'> & {
  /** The figure over the range and over the previous period (the server's `TrendFigure`). */
  figure?: TrendInput;
  /** How the figure is written (default: a number in the language's format; money: `useMoney()`). */
  format?: (value: number) => string;
  /** "vs the previous 30 days" (`useDashboardRange().previousLabel`). */
  periodLabel?: string;
  goodWhen?: 'up' | 'down';
  /** The sparkline (a chart from `components/chart`, drawn from the figure's series). */
  sparkline?: ReactNode;
};

/** The summary card: a figure, its % change against the previous period, and a sparkline. */
export function SummaryWidget<Row = unknown>({
  figure,
  format = (value) => fNumber(value),
  periodLabel,
  goodWhen,
  sparkline,
  ...card
}: SummaryWidgetProps<Row>) {
  return (
    <WidgetCard
      {...card}
      skeleton={
        <Box>
          <Skeleton variant="text" width="50%" sx={{ typography: 'h3' }} />
          <Skeleton variant="text" width="70%" />
        </Box>
      }
    >
      {figure && (
        <Box sx={{ display: 'flex', alignItems: 'flex-end', justifyContent: 'space-between', gap: 2 }}>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="h3" component="p" sx={{ mb: 1 }}>
              {format(figure.value)}
            </Typography>
            <ChangeBadge
              value={figure.value}
              previous={figure.previous}
              periodLabel={periodLabel}
              goodWhen={goodWhen}
            />
          </Box>
          {sparkline && <Box sx={{ width: 96, flexShrink: 0 }}>{sparkline}</Box>}
        </Box>
      )}
    </WidgetCard>
  );
}
