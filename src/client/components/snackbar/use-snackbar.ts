import type { OptionsObject, SnackbarKey, SnackbarMessage } from 'notistack';
import { useSyncExternalStore } from 'react';

/**
 * Toasts without notistack on the first load: `useSnackbar()` has notistack's `enqueueSnackbar` and
 * `closeSnackbar`, and the first toast loads the toast host (snackbar-host.tsx, with notistack), which
 * shows it and every later one. Components import `useSnackbar` from here, never from notistack.
 */
export type SnackbarApi = {
  enqueueSnackbar: (message: SnackbarMessage, options?: OptionsObject) => SnackbarKey;
  closeSnackbar: (key?: SnackbarKey) => void;
};

let host: SnackbarApi | null = null;
let wanted = false;
const pending: ((api: SnackbarApi) => void)[] = [];
const listeners = new Set<() => void>();
let nextKey = 0;

/** Called by the host once notistack's provider is mounted: shows the toasts queued meanwhile. */
export function registerSnackbarHost(api: SnackbarApi | null): void {
  host = api;
  if (api) for (const show of pending.splice(0)) show(api);
}

/** Whether a toast has been asked for (the app then mounts the host). */
export function subscribeHostWanted(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
export const isHostWanted = () => wanted;

function wantHost(): void {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

/** Loads the host's code ahead of the first toast (e.g. when a form is about to be submitted). */
export const preloadSnackbarHost = () => import('./snackbar-host.tsx');

export const enqueueSnackbar: SnackbarApi['enqueueSnackbar'] = (message, options) => {
  if (host) return host.enqueueSnackbar(message, options);
  // Queued until the host mounts; the key lets the caller close it like any other.
  const key = options?.key ?? `queued-${++nextKey}`;
  pending.push((api) => api.enqueueSnackbar(message, { ...options, key }));
  wantHost();
  return key;
};

export const closeSnackbar: SnackbarApi['closeSnackbar'] = (key) => {
  if (host) host.closeSnackbar(key);
  else if (key === undefined) pending.length = 0;
};

const api: SnackbarApi = { enqueueSnackbar, closeSnackbar };

/** notistack's hook, without notistack on the first load. */
export function useSnackbar(): SnackbarApi {
  return api;
}

/** For the host mount point: re-renders when the first toast is asked for. */
export function useHostWanted(): boolean {
  return useSyncExternalStore(subscribeHostWanted, isHostWanted, isHostWanted);
}
