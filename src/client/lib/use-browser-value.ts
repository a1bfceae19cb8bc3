import { useRef, useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * A value only this browser knows (its clock and time zone, its local storage), read once: null when the
 * server renders the page and while the app takes the server's page over, then the value. The server's
 * render and the hydration agree (both null), and the page shows the browser's value right after.
 */
export function useBrowserValue<T>(read: () => T): T | null {
  const read_ = useRef(read);
  const kept = useRef<{ value: T } | null>(null);
  return useSyncExternalStore(
    never,
    () => (kept.current ??= { value: read_.current() }).value,
    () => null,
  );
}
