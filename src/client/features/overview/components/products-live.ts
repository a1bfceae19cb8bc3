import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

import { useLiveRefresh } from '../../../lib/realtime/use-live-refresh.ts';
import { overviewKeys } from '../api/overview-keys.ts';

/** When each dashboard last refreshed for the catalog (the widgets of one board share it). */
const lastRefresh = { app: 0, ecommerce: 0 };
/** Refreshes asked for within this long of the last one are the same burst's, asked by another widget. */
const SAME_BURST_MS = 500;

/**
 * Refreshes an overview when the catalog changes (`products.changed`: a product created, edited, restocked,
 * reviewed or deleted), once per burst of events (`useLiveRefresh`, ADR 041). The product widgets call it
 * themselves, so a board that hides them does not refetch for the catalog. Two widgets on one board hear
 * the same burst and the board refetches once: the second asks within `SAME_BURST_MS` of the first and is
 * dropped, and an invalidation that finds the request running joins it (`cancelRefetch: false`).
 */
export function useProductsLive(dashboard: 'app' | 'ecommerce'): void {
  const queryClient = useQueryClient();
  const refresh = useCallback(() => {
    const now = Date.now();
    if (now - lastRefresh[dashboard] < SAME_BURST_MS) return;
    lastRefresh[dashboard] = now;
    void queryClient.invalidateQueries(
      { queryKey: dashboard === 'app' ? overviewKeys.appAll : overviewKeys.ecommerceAll },
      { cancelRefetch: false },
    );
  }, [queryClient, dashboard]);
  useLiveRefresh(PRODUCT_EVENTS, refresh);
}

const PRODUCT_EVENTS = ['products.changed'] as const;
