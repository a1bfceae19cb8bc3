import { useSyncExternalStore } from 'react';

import type { Upload as TusUpload } from 'tus-js-client';

import type { ConflictPolicy } from '#shared/contract/files.ts';

import { getAccessToken, refreshSession } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { filesKeys } from './files-keys.ts';

/**
 * The file manager's uploads (issue 27 A): several files at once, each resumable over tus
 * (`/api/files/uploads`, H3's protocol), with its progress, cancel and retry. The queue lives outside React
 * (one per tab), so uploads go on while the person opens other folders; the page shows it with
 * `useUploads()`. At most `PARALLEL` files travel at once; the rest wait their turn.
 */

/**
 * What to do when a file of the same name is already in the folder: `fail` (the first try) makes the server
 * refuse with `NAME_TAKEN` before any byte is sent, and the page asks the person which of the others it is.
 */
export type ClashPolicy = Extract<ConflictPolicy, 'fail' | 'keepBoth' | 'replace' | 'skip'>;
export type ClashChoice = Exclude<ClashPolicy, 'fail'>;

/** `clash`: the server refused the name; waiting for the person's choice (`resolveClash`). */
export type UploadStatus = 'queued' | 'uploading' | 'done' | 'error' | 'cancelled' | 'skipped' | 'clash';

export type UploadEntry = {
  key: string;
  name: string;
  size: number;
  /** The folder it goes to (null: the root of My files). */
  folderId: string | null;
  onConflict: ClashPolicy;
  /** 0…1. */
  progress: number;
  status: UploadStatus;
  /** The server's sentence, shown as it is. */
  error?: string | undefined;
  /** The stored file's id once done. */
  fileId?: string | undefined;
  /** The connection dropped: tus retries by itself. */
  stalled?: boolean;
};

export type TransferHandlers = {
  onProgress: (fraction: number) => void;
  onStalled: () => void;
  onSuccess: (fileId: string | null) => void;
  /** `code`: the refusal's code when the server gave one (`NAME_TAKEN`). */
  onError: (message: string, code?: string) => void;
};

/** One file's transfer; `abort` stops it and forgets it on the server. */
export type Transfer = { abort: () => void };

export type StartTransfer = (
  file: File,
  meta: { folderId: string | null; onConflict: ClashPolicy },
  handlers: TransferHandlers,
) => Transfer;

export const UPLOAD_ENDPOINT = '/api/files/uploads';
/** The server cuts a request after 30 s: 5 MiB chunks keep each one short (H3's protocol). */
export const UPLOAD_CHUNK_BYTES = 5 * 1024 * 1024;
const PARALLEL = 3;

/** The message and code of a refused tus request (`{ message, code }` JSON), or the error's own text. */
function refusalOf(error: Error & { originalResponse?: { getBody(): string } | null }): {
  message: string;
  code?: string;
} {
  try {
    const body = error.originalResponse?.getBody();
    if (body) {
      const parsed = JSON.parse(body) as { message?: unknown; code?: unknown };
      if (typeof parsed.message === 'string' && parsed.message) {
        return typeof parsed.code === 'string'
          ? { message: parsed.message, code: parsed.code }
          : { message: parsed.message };
      }
    }
  } catch {
    // Not JSON: the error's own text below.
  }
  return { message: error.message };
}

/** The code of a refusal that is final even with a status tus would retry (a name clash is a 409). */
export const FINAL_CODES = new Set(['NAME_TAKEN']);

/** The real transfer: tus-js-client, loaded with the first upload (not with the page). */
export const tusTransfer: StartTransfer = (file, meta, handlers) => {
  let aborted = false;
  let upload: TusUpload | undefined;
  void import('tus-js-client').then(async ({ Upload }) => {
    if (aborted) return;
    upload = new Upload(file, {
      endpoint: UPLOAD_ENDPOINT,
      chunkSize: UPLOAD_CHUNK_BYTES,
      retryDelays: [0, 1000, 3000, 5000, 10000, 20000],
      removeFingerprintOnSuccess: true,
      metadata: {
        filename: file.name,
        filetype: file.type,
        folderId: meta.folderId ?? '',
        onConflict: meta.onConflict,
      },
      // The access token expires: a fresh one on every request.
      onBeforeRequest: (request) => {
        const token = getAccessToken();
        if (token) request.setHeader('Authorization', `Bearer ${token}`);
      },
      onShouldRetry: (error) => {
        const status = error.originalResponse?.getStatus() ?? 0;
        if (status === 401) {
          void refreshSession();
          return true;
        }
        if (status >= 400 && status < 500 && status !== 409 && status !== 423) return false;
        const { code } = refusalOf(error);
        if (code && FINAL_CODES.has(code)) return false;
        handlers.onStalled();
        return true;
      },
      onProgress: (sent, total) => handlers.onProgress(total > 0 ? sent / total : 0),
      onSuccess: ({ lastResponse }) => handlers.onSuccess(lastResponse.getHeader('Atrium-File-Id') ?? null),
      onError: (error) => {
        const { message, code } = refusalOf(error);
        handlers.onError(message, code);
      },
    });
    // A file whose earlier upload was cut (a reload) continues where it stopped.
    const previous = await upload.findPreviousUploads();
    if (aborted) return;
    if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
    upload.start();
  });
  return {
    abort: () => {
      aborted = true;
      void upload?.abort(true).catch(() => {});
    },
  };
};

export type UploadQueue = ReturnType<typeof createUploadQueue>;

/** A queue of uploads; the app has one (`uploadQueue`), tests make their own with a fake transfer. */
export function createUploadQueue(
  startTransfer: StartTransfer = tusTransfer,
  onStored: () => void = () => void queryClient.invalidateQueries({ queryKey: filesKeys.all }),
) {
  let entries: UploadEntry[] = [];
  const files = new Map<string, File>();
  const transfers = new Map<string, Transfer>();
  const listeners = new Set<() => void>();
  let counter = 0;

  const emit = () => {
    for (const listener of listeners) listener();
  };
  const patch = (key: string, change: Partial<UploadEntry>) => {
    entries = entries.map((entry) => (entry.key === key ? { ...entry, ...change } : entry));
    emit();
  };

  const pump = () => {
    let running = entries.filter((entry) => entry.status === 'uploading').length;
    for (const entry of entries) {
      if (running >= PARALLEL) break;
      if (entry.status !== 'queued') continue;
      const file = files.get(entry.key);
      if (!file) continue;
      running += 1;
      const { key } = entry;
      patch(key, { status: 'uploading', progress: 0, error: undefined, stalled: false });
      const finish = (change: Partial<UploadEntry>) => {
        transfers.delete(key);
        patch(key, change);
        pump();
      };
      transfers.set(
        key,
        startTransfer(
          file,
          { folderId: entry.folderId, onConflict: entry.onConflict },
          {
            onProgress: (progress) => {
              const current = entries.find((candidate) => candidate.key === key);
              if (current?.status === 'uploading') patch(key, { progress, stalled: false });
            },
            onStalled: () => patch(key, { stalled: true }),
            onSuccess: (fileId) => {
              files.delete(key);
              finish({ status: 'done', progress: 1, fileId: fileId ?? undefined, stalled: false });
              onStored();
            },
            onError: (message, code) =>
              finish(
                code === 'NAME_TAKEN' && entry.onConflict === 'fail'
                  ? { status: 'clash', progress: 0, stalled: false }
                  : { status: 'error', error: message, stalled: false },
              ),
          },
        ),
      );
    }
  };

  return {
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    getSnapshot: () => entries,
    /**
     * Queues files for one folder. A name already there comes back as `clash` (see `resolveClash`); a file
     * refused before sending (`error`: too large) is listed with its reason.
     */
    add: (items: { file: File; error?: string | undefined }[], folderId: string | null) => {
      const added = items.map(({ file, error }): UploadEntry => {
        counter += 1;
        const key = `upload-${counter}`;
        if (!error) files.set(key, file);
        return {
          key,
          name: file.name,
          size: file.size,
          folderId,
          onConflict: 'fail',
          progress: 0,
          status: error ? 'error' : 'queued',
          error,
        };
      });
      entries = [...entries, ...added];
      emit();
      pump();
      return added.map((entry) => entry.key);
    },
    /** The person's answer to a clash: upload again numbered, as a new version, or not at all. */
    resolveClash: (key: string, choice: ClashChoice) => {
      const entry = entries.find((candidate) => candidate.key === key);
      if (entry?.status !== 'clash') return;
      if (choice === 'skip') {
        files.delete(key);
        patch(key, { status: 'skipped', onConflict: 'skip' });
        return;
      }
      patch(key, { status: 'queued', onConflict: choice, progress: 0 });
      pump();
    },
    cancel: (key: string) => {
      const entry = entries.find((candidate) => candidate.key === key);
      if (!entry || !['uploading', 'queued', 'clash'].includes(entry.status)) return;
      transfers.get(key)?.abort();
      transfers.delete(key);
      patch(key, { status: 'cancelled', stalled: false });
      pump();
    },
    retry: (key: string) => {
      const entry = entries.find((candidate) => candidate.key === key);
      if (!entry || !files.has(key) || (entry.status !== 'error' && entry.status !== 'cancelled')) return;
      patch(key, { status: 'queued', progress: 0, error: undefined });
      pump();
    },
    /** Takes a finished, failed or cancelled upload off the list. */
    remove: (key: string) => {
      const entry = entries.find((candidate) => candidate.key === key);
      if (!entry || ['uploading', 'queued', 'clash'].includes(entry.status)) return;
      files.delete(key);
      entries = entries.filter((candidate) => candidate.key !== key);
      emit();
    },
    clearFinished: () => {
      entries = entries.filter((entry) => {
        const finished =
          entry.status === 'done' || entry.status === 'skipped' || entry.status === 'cancelled';
        if (finished) files.delete(entry.key);
        return !finished;
      });
      emit();
    },
  };
}

/** The tab's uploads. */
export const uploadQueue = createUploadQueue();

/** The uploads of `queue` (the tab's), re-rendering as they move. */
export function useUploads(queue: UploadQueue = uploadQueue): UploadEntry[] {
  return useSyncExternalStore(queue.subscribe, queue.getSnapshot, queue.getSnapshot);
}
