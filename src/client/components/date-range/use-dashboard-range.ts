import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

import {
  readRange,
  resolveRange,
  todayIn,
  viewerTimeZone,
  writeRange,
  type DashboardRange,
  type RangeSelection,
} from './dashboard-range.ts';

export type DashboardRangeState = DashboardRange & {
  /** "vs previous 30 days": what every figure's change is measured against. */
  previousLabel: string;
  /** Writes a preset or a custom range in the address (replacing the history entry, as lists do). */
  setRange: (selection: RangeSelection) => void;
};

/**
 * The dashboard's date range from the address (`?range=7d`, `?from=…&to=…`; anything else is the last 30
 * days), in the viewer's days and time zone: `{ from, to, tz }` is the query of `GET /api/overview/…`.
 * Presets end on the viewer's today, so the range moves on at the viewer's midnight (at the next render).
 */
export function useDashboardRange(): DashboardRangeState {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [tz] = useState(viewerTimeZone);
  const today = todayIn(tz);
  const search = params.toString();
  const range = useMemo(
    // A new `today` re-resolves a preset once the viewer's day has changed.
    () => resolveRange(readRange(new URLSearchParams(search)), tz, today),
    [search, tz, today],
  );
  const setRange = useCallback(
    (selection: RangeSelection) =>
      void setParams((current) => writeRange(current, selection), { replace: true }),
    [setParams],
  );
  const previousLabel = t('overview.range.vsPrevious', { count: range.days });
  return useMemo(() => ({ ...range, previousLabel, setRange }), [range, previousLabel, setRange]);
}
