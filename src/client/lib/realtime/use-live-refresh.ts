import { useEffect, useRef } from 'react';

import type { RealtimeEventType } from '#shared/contract/realtime.ts';

import { loadRealtimeClient } from './use-realtime.ts';

/** How long a burst of events must pause before the refresh (ADR 041). */
export const LIVE_REFRESH_DELAY_MS = 1_500;
/** A burst that never pauses (a busy shop) still refreshes this often. */
export const LIVE_REFRESH_MAX_WAIT_MS = 10_000;

/**
 * Calls `refresh` once, `delayMs` after the last of a burst of pushed events of any of `types` (and after a
 * reconnect's resync), while mounted. A burst that goes on refreshes at least every `maxWaitMs`; a refresh
 * due while the tab is hidden waits until it is shown again (one refetch on return, not one per burst).
 * For figures computed from many records (the overview dashboards): one order placed can change a dozen
 * widgets, and ten orders in a second should cost one refetch, not ten.
 */
export function useLiveRefresh(
  types: readonly RealtimeEventType[],
  refresh: () => void,
  options: { delayMs?: number; maxWaitMs?: number } = {},
): void {
  const { delayMs = LIVE_REFRESH_DELAY_MS, maxWaitMs = LIVE_REFRESH_MAX_WAIT_MS } = options;
  const latest = useRef(refresh);
  useEffect(() => {
    latest.current = refresh;
  });
  // The types as one value, so a new array with the same types does not subscribe again.
  const key = [...new Set(types)].sort().join(' ');

  useEffect(() => {
    let unmounted = false;
    let unsubscribe: (() => void) | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let burstStarted: number | undefined;
    let waitingForShow = false;

    const run = () => {
      timer = undefined;
      burstStarted = undefined;
      if (document.visibilityState === 'hidden') {
        waitingForShow = true;
        return;
      }
      latest.current();
    };
    const onVisibility = () => {
      if (!waitingForShow || document.visibilityState === 'hidden') return;
      waitingForShow = false;
      schedule();
    };
    function schedule() {
      const now = Date.now();
      burstStarted ??= now;
      clearTimeout(timer);
      timer = setTimeout(run, Math.max(0, Math.min(delayMs, burstStarted + maxWaitMs - now)));
    }

    document.addEventListener('visibilitychange', onVisibility);
    void loadRealtimeClient().then((realtime) => {
      if (unmounted) return;
      const offs = key
        .split(' ')
        .filter(Boolean)
        .map((type) => realtime.on(type as RealtimeEventType, schedule));
      offs.push(realtime.onResync(schedule));
      unsubscribe = () => offs.forEach((off) => off());
    });
    return () => {
      unmounted = true;
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisibility);
      unsubscribe?.();
    };
  }, [key, delayMs, maxWaitMs]);
}
