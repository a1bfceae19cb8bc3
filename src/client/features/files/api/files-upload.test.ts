import { describe, expect, it, vi } from 'vitest';

import { createUploadQueue, type StartTransfer, type TransferHandlers } from './files-upload.ts';

/** A transfer the test drives by hand: each started file's handlers and whether it was aborted. */
function fakeTransfers() {
  const started: {
    name: string;
    meta: Parameters<StartTransfer>[1];
    handlers: TransferHandlers;
    aborted: boolean;
  }[] = [];
  const start: StartTransfer = (file, meta, handlers) => {
    const entry = { name: file.name, meta, handlers, aborted: false };
    started.push(entry);
    return { abort: () => void (entry.aborted = true) };
  };
  return { started, start };
}

const file = (name: string, size = 10) => new File(['x'.repeat(size)], name, { type: 'text/plain' });

describe('the upload queue', () => {
  it('sends at most three files at once, the next when one ends, with its progress', () => {
    const { started, start } = fakeTransfers();
    const stored = vi.fn();
    const queue = createUploadQueue(start, stored);
    queue.add(
      ['a', 'b', 'c', 'd'].map((name) => ({ file: file(`${name}.txt`) })),
      'folder-1',
    );

    expect(started.map((s) => s.name)).toEqual(['a.txt', 'b.txt', 'c.txt']);
    expect(started[0]!.meta).toEqual({ folderId: 'folder-1', onConflict: 'fail' });
    expect(queue.getSnapshot().map((e) => e.status)).toEqual([
      'uploading',
      'uploading',
      'uploading',
      'queued',
    ]);

    started[0]!.handlers.onProgress(0.5);
    expect(queue.getSnapshot()[0]!.progress).toBe(0.5);
    started[0]!.handlers.onSuccess('file-a');
    expect(queue.getSnapshot()[0]).toMatchObject({ status: 'done', progress: 1, fileId: 'file-a' });
    expect(stored).toHaveBeenCalledTimes(1);
    expect(started.map((s) => s.name)).toEqual(['a.txt', 'b.txt', 'c.txt', 'd.txt']);
  });

  it('cancels an upload (aborting it) and sends it again on retry', () => {
    const { started, start } = fakeTransfers();
    const queue = createUploadQueue(start, () => {});
    const [key] = queue.add([{ file: file('a.txt') }], null);
    queue.cancel(key!);
    expect(started[0]!.aborted).toBe(true);
    expect(queue.getSnapshot()[0]!.status).toBe('cancelled');

    queue.retry(key!);
    expect(started).toHaveLength(2);
    expect(queue.getSnapshot()[0]!.status).toBe('uploading');
  });

  it('keeps a refusal’s message and retries a failed file', () => {
    const { started, start } = fakeTransfers();
    const queue = createUploadQueue(start, () => {});
    const [key] = queue.add([{ file: file('a.txt') }], null);
    started[0]!.handlers.onError('Your storage is full.', 'STORAGE_QUOTA_EXCEEDED');
    expect(queue.getSnapshot()[0]).toMatchObject({ status: 'error', error: 'Your storage is full.' });
    queue.retry(key!);
    expect(started).toHaveLength(2);
  });

  it('lists a file refused before sending with its reason, and never sends it', () => {
    const { started, start } = fakeTransfers();
    const queue = createUploadQueue(start, () => {});
    queue.add([{ file: file('big.bin'), error: 'Larger than 1 TB' }], null);
    expect(started).toHaveLength(0);
    expect(queue.getSnapshot()[0]).toMatchObject({ status: 'error', error: 'Larger than 1 TB' });
  });

  it('asks about a name already in the folder, then keeps both, replaces or skips as answered', () => {
    const { started, start } = fakeTransfers();
    const queue = createUploadQueue(start, () => {});
    const [a, b, c] = queue.add(
      ['a.txt', 'b.txt', 'c.txt'].map((name) => ({ file: file(name) })),
      null,
    );
    for (const transfer of started) transfer.handlers.onError('Name taken', 'NAME_TAKEN');
    expect(queue.getSnapshot().map((e) => e.status)).toEqual(['clash', 'clash', 'clash']);

    queue.resolveClash(a!, 'keepBoth');
    queue.resolveClash(b!, 'replace');
    queue.resolveClash(c!, 'skip');
    expect(started.slice(3).map((s) => [s.name, s.meta.onConflict])).toEqual([
      ['a.txt', 'keepBoth'],
      ['b.txt', 'replace'],
    ]);
    expect(queue.getSnapshot()[2]!.status).toBe('skipped');
  });

  it('takes finished uploads off the list, never running ones', () => {
    const { started, start } = fakeTransfers();
    const queue = createUploadQueue(start, () => {});
    const [a, b] = queue.add([{ file: file('a.txt') }, { file: file('b.txt') }], null);
    started[0]!.handlers.onSuccess(null);
    queue.remove(b!);
    expect(queue.getSnapshot().map((e) => e.key)).toEqual([a, b]);
    queue.clearFinished();
    expect(queue.getSnapshot().map((e) => e.key)).toEqual([b]);
  });
});
