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

/**
 * Text toasts on screen and not yet closing, by text. notistack's own duplicate check also counts a toast
 * that is closing, so the same text asked for again in that moment (a second "Saved" a few seconds after
 * the first) was dropped and the person saw nothing; here a duplicate is suppressed only while the first
 * one is really showing. One asked for while the first is closing waits for its exit (a fraction of a
 * second), so the same text is never on screen twice.
 */
const showing = new Map<string, SnackbarKey>();
/** Text toasts on their way out, by text, with the toasts of the same text waiting for them to go. */
const closing = new Map<string, { key: SnackbarKey; waiting: { key: SnackbarKey; show: () => void }[] }>();

/** Called by the host once notistack's provider is mounted: shows the toasts queued meanwhile. */
export function registerSnackbarHost(api: SnackbarApi | null): void {
  host = api;
  // The toasts of a host that unmounts go with it.
  if (!api) {
    showing.clear();
    closing.clear();
  }
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

/** The toast `key` starts to close: a toast of its text asked for from now on waits for its exit. */
function closingStarted(key: SnackbarKey): void {
  for (const [text, shownKey] of showing) {
    if (shownKey !== key) continue;
    showing.delete(text);
    closing.set(text, { key, waiting: [] });
  }
}

/** The toast `key` has left the screen: the toasts of its text that waited are shown. */
function exited(key: SnackbarKey): void {
  for (const [text, entry] of closing) {
    if (entry.key !== key) continue;
    closing.delete(text);
    for (const next of entry.waiting) next.show();
  }
}

function show(message: SnackbarMessage, options: OptionsObject | undefined, key: SnackbarKey): SnackbarKey {
  const options_ = { ...options, key };
  if (typeof message === 'string' && options?.key === undefined && options?.preventDuplicate !== false) {
    const shown = showing.get(message);
    if (shown !== undefined) return shown;
    const leaving = closing.get(message);
    if (leaving) {
      leaving.waiting.push({ key, show: () => show(message, options, key) });
      return key;
    }
    showing.set(message, key);
    Object.assign(options_, {
      preventDuplicate: false,
      onClose: (...args: Parameters<NonNullable<OptionsObject['onClose']>>) => {
        closingStarted(key);
        options?.onClose?.(...args);
      },
      onExited: (...args: Parameters<NonNullable<OptionsObject['onExited']>>) => {
        closingStarted(key);
        exited(key);
        options?.onExited?.(...args);
      },
    });
  }
  if (host) host.enqueueSnackbar(message, options_);
  else {
    // Queued until the host mounts; the key lets the caller close it like any other.
    pending.push((api) => api.enqueueSnackbar(message, options_));
    wantHost();
  }
  return key;
}

export const enqueueSnackbar: SnackbarApi['enqueueSnackbar'] = (message, options) =>
  show(message, options, options?.key ?? `toast-${++nextKey}`);

export const closeSnackbar: SnackbarApi['closeSnackbar'] = (key) => {
  if (key === undefined) {
    // Everything goes, waiting toasts included.
    showing.clear();
    closing.clear();
  } else {
    closingStarted(key);
    // A toast still waiting for another of its text to go is dropped.
    for (const entry of closing.values()) entry.waiting = entry.waiting.filter((next) => next.key !== key);
  }
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
