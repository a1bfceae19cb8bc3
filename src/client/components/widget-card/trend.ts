/**
 * A figure's change against the previous period (the server's `TrendFigure` gives `{ value, previous }`; the
 * client computes the change, ADR 036). Nothing in the previous period (no value, or 0 when the figure is
 * not 0 now) has no percentage: the figure is "new". Both 0 is no change (0 %).
 */
export type TrendInput = { value: number; previous?: number | null };

export type Trend =
  | { direction: 'new' }
  | { direction: 'up' | 'down' | 'flat'; /** A fraction: 0.25 is +25 %. */ ratio: number };

export function trendOf({ value, previous }: TrendInput): Trend {
  if (previous === undefined || previous === null || !Number.isFinite(previous)) return { direction: 'new' };
  if (previous === 0) return value === 0 ? { direction: 'flat', ratio: 0 } : { direction: 'new' };
  // Against the size of the previous figure, so a balance going from -100 to -50 is up 50 %.
  const ratio = (value - previous) / Math.abs(previous);
  if (ratio === 0) return { direction: 'flat', ratio: 0 };
  return { direction: ratio > 0 ? 'up' : 'down', ratio };
}
