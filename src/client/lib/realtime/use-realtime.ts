import { useEffect, useRef } from 'react';

import type { RealtimeEvent, RealtimeEventType } from '#shared/contract/realtime.ts';

import { useAuth } from '../auth/use-auth.ts';

// The socket's code is not part of the first paint: it loads right after, with the first subscriber.
export const loadRealtimeClient = () => import('./realtime-client.ts').then((module) => module.realtime);
const loadClient = loadRealtimeClient;

/** Keeps the tab's real-time connection open while someone is signed in (the dashboard layout calls it). */
export function useRealtimeConnection(): void {
  const signedIn = useAuth((state) => state.isAuthenticated);
  useEffect(() => {
    if (!signedIn) return;
    let stopped = false;
    const client = loadClient();
    void client.then((realtime) => {
      if (!stopped) realtime.start();
    });
    return () => {
      stopped = true;
      void client.then((realtime) => realtime.stop());
    };
  }, [signedIn]);
}

/**
 * Runs `handler` for every pushed event of `type` while the component is mounted, and `onResync` after a
 * reconnect (events may have been missed: refetch). Handlers may change between renders.
 */
export function useRealtimeEvent<T extends RealtimeEventType>(
  type: T,
  handler: (event: Extract<RealtimeEvent, { type: T }>) => void,
  onResync?: () => void,
): void {
  const latest = useRef({ handler, onResync });
  useEffect(() => {
    latest.current = { handler, onResync };
  });
  useEffect(() => {
    let unsubscribe: (() => void) | undefined;
    let unmounted = false;
    void loadClient().then((realtime) => {
      if (unmounted) return;
      const offEvent = realtime.on(type, (event) => latest.current.handler(event));
      const offResync = realtime.onResync(() => latest.current.onResync?.());
      unsubscribe = () => {
        offEvent();
        offResync();
      };
    });
    return () => {
      unmounted = true;
      unsubscribe?.();
    };
  }, [type]);
}
