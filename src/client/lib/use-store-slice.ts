import { useCallback, useSyncExternalStore } from 'react';
import type { StoreApi } from 'zustand/vanilla';

/**
 * zustand's `useStore`, except that a server render and the hydration after it read the store's current
 * state, not the state it was created with (zustand's server snapshot): the server sets the settings and
 * the signed-out state of each request before it renders (entry-server.tsx), and the browser has read the
 * cookies and the stored language before it hydrates (main.tsx). Both render the same page, so the
 * hydration matches.
 */
export function useStoreSlice<S, T>(store: StoreApi<S>, selector: (state: S) => T): T {
  const getSlice = useCallback(() => selector(store.getState()), [store, selector]);
  return useSyncExternalStore(store.subscribe, getSlice, getSlice);
}
