import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

import type { AnalyticsOverview } from '#shared/contract/analytics.ts';
import type { DueCard } from '#shared/contract/kanban.ts';
import type { RealtimeEventType } from '#shared/contract/realtime.ts';

import { addDays, startOfDayIn, todayIn } from '../../../components/date-range/dashboard-range.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { useLiveRefresh } from '../../../lib/realtime/use-live-refresh.ts';
import { analyticsKeys } from './analytics-keys.ts';

/** `GET /api/analytics/overview`'s query: the dashboard range and the site (the built-in one when absent). */
export type AnalyticsOverviewParams = { from: string; to: string; tz: string; site?: string | undefined };

/**
 * The overview's key: under the analytics figures (`analyticsKeys.figures()`), so new events and site
 * changes (`useAnalyticsLive`) refresh it with the detail views' figures.
 */
export const analyticsOverviewKey = (query: AnalyticsOverviewParams) =>
  [...analyticsKeys.figures(), 'overview', query] as const;

const queryOf = ({ from, to, tz, site }: AnalyticsOverviewParams) =>
  site ? { from, to, tz, site } : { from, to, tz };

/** `GET /api/analytics/overview`: the previous answer stays on screen while another range or site loads. */
export const analyticsOverviewQueryOptions = (params: AnalyticsOverviewParams) => {
  const query = queryOf(params);
  return queryOptions({
    queryKey: analyticsOverviewKey(query),
    queryFn: ({ signal }) => apiClient.get<AnalyticsOverview>('/analytics/overview', { signal, query }),
    placeholderData: keepPreviousData,
  });
};

export function useAnalyticsOverview(params: AnalyticsOverviewParams) {
  return useQuery(analyticsOverviewQueryOptions(params));
}

/** The site in the address (`?site=<id>`); none is the built-in site. */
export const siteParamOf = (params: URLSearchParams) => params.get('site') || undefined;

/**
 * What changes the overview's workspace figures besides the site's events (those arrive through
 * `useAnalyticsLive`): orders (sales, purchase orders, the timeline, the shop's use), accounts, posts (news,
 * the blog's use), mail and chat (messages), calendar and cards (the areas' use, the tasks).
 */
export const ANALYTICS_OVERVIEW_EVENTS = [
  'orders.changed',
  'users.changed',
  'posts.changed',
  'mail.new',
  'mail.changed',
  'chat.message',
  'calendar.changed',
  'kanban.changed',
] as const satisfies readonly RealtimeEventType[];

/** Refreshes the overview and the tasks when something they count changes elsewhere (once per burst). */
export function useAnalyticsOverviewLive(): void {
  const queryClient = useQueryClient();
  const refresh = useCallback(
    () =>
      void Promise.all([
        queryClient.invalidateQueries({ queryKey: [...analyticsKeys.figures(), 'overview'] }),
        queryClient.invalidateQueries({ queryKey: dueCardsKeys.all }),
      ]),
    [queryClient],
  );
  useLiveRefresh(ANALYTICS_OVERVIEW_EVENTS, refresh);
}

// ── tasks: the viewer's kanban cards due soon, through the kanban API ──────────────────────────────────────

/** "Due soon": by the end of the 7th day from the viewer's today (late cards included). */
export const DUE_SOON_DAYS = 7;
/** How many cards the tasks widget lists. */
export const DUE_CARDS_SHOWN = 8;

/** Under `kanban`, so the kanban area's own writes and refreshes (`['kanban']`) refresh it too. */
export const dueCardsKeys = {
  all: ['kanban', 'due'] as const,
  list: (before: string) => ['kanban', 'due', before] as const,
};

/** The instant "due soon" ends for a viewer in `tz`: the start of the day after the 7th day from today. */
export const dueSoonBefore = (tz: string, now = new Date()) =>
  startOfDayIn(addDays(todayIn(tz, now), DUE_SOON_DAYS + 1), tz);

/** `GET /api/kanban/cards/due`: the viewer's open cards due soon, soonest first, across their boards. */
export function useDueCards(tz: string) {
  const before = dueSoonBefore(tz);
  return useQuery({
    queryKey: dueCardsKeys.list(before),
    queryFn: ({ signal }) =>
      apiClient
        .get<{ cards: DueCard[] }>('/kanban/cards/due', { signal, query: { before, limit: DUE_CARDS_SHOWN } })
        .then((answer) => answer.cards),
  });
}

/** Every kanban query (the board, the due cards) refetches after a task action. */
function useRefreshKanban() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['kanban'] });
}

/** Mark complete: `POST /api/kanban/cards/update` with the card's version (409 when it changed meanwhile). */
export function useCompleteCard() {
  const refresh = useRefreshKanban();
  return useMutation({
    mutationFn: (card: Pick<DueCard, 'id' | 'version'>) =>
      apiClient.post<unknown>('/kanban/cards/update', {
        cardId: card.id,
        version: card.version,
        card: { completed: true },
      }),
    onSettled: refresh,
  });
}

/** Delete: `POST /api/kanban/cards/delete` (any member of the card's board may). */
export function useDeleteDueCard() {
  const refresh = useRefreshKanban();
  return useMutation({
    mutationFn: (cardId: string) => apiClient.post<unknown>('/kanban/cards/delete', { cardId }),
    onSettled: refresh,
  });
}
