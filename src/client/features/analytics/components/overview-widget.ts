import type { AnalyticsOverview } from '#shared/contract/analytics.ts';

import { addDays, startOfDayIn } from '../../../components/date-range/dashboard-range.ts';
import type { DashboardRangeState } from '../../../components/date-range/use-dashboard-range.ts';
import { paths } from '../../../config/paths.ts';

/** What every widget of `/dashboard/analytics` gets from the view: the one answer and the range. */
export type AnalyticsWidgetContext = {
  data: AnalyticsOverview | undefined;
  loading: boolean;
  error: boolean;
  retry: () => void;
  range: DashboardRangeState;
};

/** A card's loading, error and retry from the context. */
export const cardState = (ctx: AnalyticsWidgetContext) => ({
  loading: ctx.loading,
  error: ctx.error,
  onRetry: ctx.retry,
});

/** A day of the answer as a chart's date (noon UTC: the same day in every time zone). */
export const dayDate = (day: string) => new Date(`${day}T12:00:00Z`);

/** The exported files' name: the widget and the range. */
export const rangeFileName = (id: string, range: Pick<DashboardRangeState, 'from' | 'to'>) =>
  `${id}-${range.from}-${range.to}`;

/** The "everything else" slice of the visits by country (`analytics.overview.ts`). */
export const OTHER_COUNTRIES = 'other';

/**
 * A detail view of the site's figures (`pages`, `countries`, …) over the dashboard's range, with a filter
 * (`country:FR`) when given: the drill-down of the overview's charts.
 */
export function detailsOf(
  view: string,
  ctx: Pick<AnalyticsWidgetContext, 'data' | 'range'>,
  filter?: string,
): string {
  const params = new URLSearchParams();
  if (ctx.data) params.set('site', ctx.data.site.id);
  params.set('from', ctx.range.from);
  params.set('to', ctx.range.to);
  if (filter) params.set('filter', filter);
  return `${paths.dashboard.analytics.details(view)}?${params.toString()}`;
}

/** The pages of one country's visitors; "other countries" open the countries view, unfiltered. */
export const countryDetails = (ctx: Pick<AnalyticsWidgetContext, 'data' | 'range'>, country: string) =>
  country === OTHER_COUNTRIES ? detailsOf('countries', ctx) : detailsOf('pages', ctx, `country:${country}`);

/** The viewer's days of the range as the instants a list reads (`[from's start, the day after to's start)`). */
const rangeInstants = (range: Pick<DashboardRangeState, 'from' | 'to' | 'tz'>) => ({
  start: startOfDayIn(range.from, range.tz),
  end: startOfDayIn(addDays(range.to, 1), range.tz),
});

/** The orders placed in the range: what "Weekly sales" and "Purchase orders" count. */
export function ordersOfRange(range: Pick<DashboardRangeState, 'from' | 'to' | 'tz'>): string {
  const { start, end } = rangeInstants(range);
  return `${paths.dashboard.order.list}?${new URLSearchParams({ startDate: start, endDate: end }).toString()}`;
}

/** The accounts created in the range: what "New users" counts. */
export function usersOfRange(range: Pick<DashboardRangeState, 'from' | 'to' | 'tz'>): string {
  const { start, end } = rangeInstants(range);
  return `${paths.dashboard.user.list}?${new URLSearchParams({ createdFrom: start, createdTo: end }).toString()}`;
}

/** A kanban card in the kanban page (its board, the card open). */
export const cardPage = (card: { id: string; boardId: string }) =>
  `${paths.dashboard.kanban}?${new URLSearchParams({ board: card.boardId, card: card.id }).toString()}`;
