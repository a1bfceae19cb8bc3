import type { UseQueryResult } from '@tanstack/react-query';

import type { AppOverview } from '#shared/contract/overview.ts';

import type { DashboardRangeState } from '../../../components/date-range/use-dashboard-range.ts';

/** What every app overview widget gets: the page's one request (shared by all) and the dashboard's range. */
export type AppWidgetProps = {
  overview: UseQueryResult<AppOverview>;
  range: DashboardRangeState;
};

/**
 * A widget card's states from the page's request: the skeleton until the first answer, the error (with
 * Retry) only when there is nothing to show; a later failure keeps the last figures on screen.
 */
export function cardState(query: UseQueryResult<unknown>) {
  return {
    loading: query.isPending,
    error: query.isError && query.data === undefined,
    onRetry: () => void query.refetch(),
  };
}

/** A file name for the widget's exports that tells ranges apart: `active-people_2026-03-01_2026-03-31`. */
export const rangeFileName = (id: string, range: Pick<DashboardRangeState, 'from' | 'to'>) =>
  `${id}_${range.from}_${range.to}`;
