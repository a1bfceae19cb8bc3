import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useId } from 'react';

import { fNumber, fPercent } from '../../lib/format.ts';
import { WidgetCard, type WidgetCardProps } from './widget-card.tsx';

type ProgressColor = 'primary' | 'secondary' | 'info' | 'success' | 'warning' | 'error';

export type ProgressItem = {
  key: string;
  label: string;
  value: number;
  /** What `value` is a part of (default: the largest value, so the longest bar is full). */
  max?: number;
  color?: ProgressColor;
};

export type ProgressListWidgetProps<Row = unknown> = Omit<
  WidgetCardProps<Row>,
  'children' | 'skeleton' | 'empty'
> & {
  items: readonly ProgressItem[];
  /** How a value is written (default: a number in the language's format; money: `useMoney()`). */
  format?: (value: number) => string;
};

/** The progress list card: a labelled bar per item with its value and share (sales by category…). */
export function ProgressListWidget<Row = unknown>({
  items,
  format = (value) => fNumber(value),
  ...card
}: ProgressListWidgetProps<Row>) {
  const largest = Math.max(0, ...items.map((item) => item.value));
  return (
    <WidgetCard
      {...card}
      empty={items.length === 0}
      skeleton={
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} variant="rounded" height={28} />
          ))}
        </Box>
      }
    >
      <Box
        component="ul"
        sx={{ m: 0, p: 0, listStyle: 'none', display: 'flex', flexDirection: 'column', gap: 2.5 }}
      >
        {items.map((item) => (
          <ProgressRow key={item.key} item={item} max={item.max ?? largest} format={format} />
        ))}
      </Box>
    </WidgetCard>
  );
}

function ProgressRow({
  item,
  max,
  format,
}: {
  item: ProgressItem;
  max: number;
  format: (value: number) => string;
}) {
  const labelId = useId();
  const share = max > 0 ? Math.min(1, Math.max(0, item.value / max)) : 0;
  const valueText = `${format(item.value)} (${fPercent(share)})`;
  return (
    <Box component="li">
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, mb: 1 }}>
        <Typography id={labelId} variant="subtitle2" noWrap>
          {item.label}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }}>
          {valueText}
        </Typography>
      </Box>
      <LinearProgress
        variant="determinate"
        value={share * 100}
        color={item.color ?? 'primary'}
        aria-labelledby={labelId}
        aria-valuetext={valueText}
        sx={{ height: 8, borderRadius: 1 }}
      />
    </Box>
  );
}
