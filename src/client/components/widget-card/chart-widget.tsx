import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import type { ReactNode } from 'react';

import { WidgetCard, type WidgetCardProps } from './widget-card.tsx';

export type ChartWidgetProps<Row = unknown> = Omit<WidgetCardProps<Row>, 'skeleton' | 'action'> & {
  /** The period select (a year, a month…): `WidgetPeriodSelect` or any control, at the header's end. */
  period?: ReactNode;
  /** The chart's height, which the skeleton keeps so the page does not jump (default 320 px). */
  height?: number;
  /** The chart, from `components/chart`. */
  children?: ReactNode;
};

/** The chart card: a chart with a period select in its header; *Download PNG* through `image`. */
export function ChartWidget<Row = unknown>({
  period,
  height = 320,
  children,
  ...card
}: ChartWidgetProps<Row>) {
  return (
    <WidgetCard {...card} action={period} skeleton={<Skeleton variant="rounded" height={height} />}>
      {children}
    </WidgetCard>
  );
}

type WidgetPeriodSelectProps<V extends string> = {
  /** The select's accessible name ("Year"). */
  label: string;
  value: V;
  options: readonly { value: V; label: string }[];
  onChange: (value: V) => void;
};

/** A small select of a chart's period (a year, a half…), for `ChartWidget`'s `period`. */
export function WidgetPeriodSelect<V extends string>({
  label,
  value,
  options,
  onChange,
}: WidgetPeriodSelectProps<V>) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value as V)}
      sx={{ minWidth: 112 }}
    >
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
