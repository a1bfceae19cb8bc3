import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import type { DashboardLayout } from '#shared/contract/overview.ts';
import { completeLayout, type Dashboard, type LayoutWidget } from '#shared/contract/overview-layouts.ts';

import { useSnackbar } from '../components/snackbar/use-snackbar.ts';
import { apiClient } from './api-client.ts';

/**
 * A person's layout of an overview dashboard (issue 26 A, ADR 042): the order of its widgets and which are
 * hidden, saved on the server per person and dashboard. In lib rather than a feature: every overview (app,
 * e-commerce, and later banking, booking, analytics and file, each in its own area) shares it through the
 * widget board.
 */

/** Query keys (STYLE.md §3: they start with the domain). */
export const dashboardLayoutKeys = {
  all: ['overview', 'layouts'] as const,
  layout: (dashboard: Dashboard) => ['overview', 'layouts', dashboard] as const,
  save: (dashboard: Dashboard) => ['overview', 'layouts', dashboard, 'save'] as const,
};

const layoutPath = (dashboard: Dashboard) => `/overview/layouts/${dashboard}`;

/** The layout's query: a page's route loader starts it beside the page's code (`ensureQueryData`). */
export const dashboardLayoutQueryOptions = (dashboard: Dashboard) =>
  queryOptions({
    queryKey: dashboardLayoutKeys.layout(dashboard),
    queryFn: ({ signal }) => apiClient.get<DashboardLayout>(layoutPath(dashboard), { signal }),
    // Only this person changes it, and each change answers with the new layout.
    staleTime: 5 * 60_000,
  });

export type DashboardLayoutState = {
  /** Every widget of the dashboard in the person's order (`completeLayout`); the default while loading. */
  layout: LayoutWidget[];
  /** The saved layout is on its way (`layout` is the default meanwhile). */
  loading: boolean;
  /** The person has a saved layout (false: the default one). */
  saved: boolean;
  /** Shows `widgets` at once and saves them; a refused save puts the last layout back with a toast. */
  save: (widgets: LayoutWidget[]) => void;
  /** Forgets the saved layout: the default one shows at once; refused, the last layout comes back. */
  reset: () => void;
};

/**
 * Puts `next` in the cache (the optimistic change) and returns what was there, once requests in flight
 * that would bring an older layout back are dropped.
 */
async function showAtOnce(
  queryClient: QueryClient,
  dashboard: Dashboard,
  next: Pick<DashboardLayout, 'widgets' | 'saved'>,
): Promise<{ previous: DashboardLayout | undefined }> {
  const key = dashboardLayoutKeys.layout(dashboard);
  await queryClient.cancelQueries({ queryKey: key });
  const previous = queryClient.getQueryData<DashboardLayout>(key);
  queryClient.setQueryData<DashboardLayout>(key, {
    dashboard,
    updatedAt: previous?.updatedAt ?? null,
    ...next,
  });
  return { previous };
}

export function useDashboardLayout(dashboard: Dashboard): DashboardLayoutState {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const queryClient = useQueryClient();
  const query = useQuery(dashboardLayoutQueryOptions(dashboard));
  const key = dashboardLayoutKeys.layout(dashboard);
  const mutationKey = dashboardLayoutKeys.save(dashboard);

  /**
   * Changes follow each other quickly (a widget moved three places): they are sent one after another
   * (one scope), each shown at once. Only the last one's answer is put in the cache, so an earlier answer
   * never shows an older layout in between; a refused one puts back the layout before it and asks the
   * server for the truth once nothing else is on its way.
   */
  const settled = {
    onSuccess: (layout: DashboardLayout) => {
      if (queryClient.isMutating({ mutationKey }) === 1) queryClient.setQueryData(key, layout);
    },
    onError: (
      _error: unknown,
      _input: unknown,
      context: { previous: DashboardLayout | undefined } | undefined,
    ) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      enqueueSnackbar(t('overview.layout.saveFailed'), { variant: 'error' });
      if (queryClient.isMutating({ mutationKey }) === 1)
        void queryClient.invalidateQueries({ queryKey: key });
    },
  };

  const saveMutation = useMutation({
    mutationKey,
    scope: { id: mutationKey.join('/') },
    mutationFn: (widgets: LayoutWidget[]) =>
      apiClient.put<DashboardLayout>(layoutPath(dashboard), { widgets }),
    onMutate: (widgets) =>
      showAtOnce(queryClient, dashboard, { widgets: completeLayout(dashboard, widgets), saved: true }),
    ...settled,
  });

  const resetMutation = useMutation({
    mutationKey,
    scope: { id: mutationKey.join('/') },
    mutationFn: () => apiClient.delete<DashboardLayout>(layoutPath(dashboard)),
    onMutate: () => showAtOnce(queryClient, dashboard, { widgets: completeLayout(dashboard), saved: false }),
    ...settled,
  });

  const widgets = query.data?.widgets;
  const layout = useMemo(() => completeLayout(dashboard, widgets), [dashboard, widgets]);
  const { mutate: saveLayout } = saveMutation;
  const { mutate: resetLayout } = resetMutation;

  return {
    layout,
    loading: query.isPending,
    saved: query.data?.saved ?? false,
    save: saveLayout,
    reset: () => resetLayout(),
  };
}
