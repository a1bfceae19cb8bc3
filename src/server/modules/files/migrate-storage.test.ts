import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { buffer } from 'node:stream/consumers';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startS3, type TestS3 } from '../../testing/s3.ts';
import { migrateStorage } from './migrate-storage.ts';
import { createDiskStorage, newStorageKey, type FileStorage } from './storage.ts';
import { createS3Storage } from './storage-s3.ts';

let s3: TestS3;
const folders: string[] = [];
const tempFolder = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-migrate-'));
  folders.push(dir);
  return dir;
};
beforeAll(async () => {
  s3 = await startS3('atrium-migrate');
});
afterAll(async () => {
  await s3?.close();
  for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
});

const bytesOf = async (storage: FileStorage, key: string) => {
  const stream = await storage.read(key);
  return stream ? buffer(stream) : null;
};

describe('files:migrate-storage', () => {
  it('copies every object disk → bucket → disk with the same bytes, and skips what is already copied', async () => {
    const disk = createDiskStorage(tempFolder());
    const bucket = createS3Storage(s3.settings);
    const objects = new Map<string, Buffer>();
    for (const size of [1, 1000, 70_000, 9 * 1024 * 1024]) {
      const key = newStorageKey('bin');
      objects.set(key, randomBytes(size));
      await disk.put(key, Readable.from([objects.get(key) as Buffer]));
    }
    // Not a stored file: never copied.
    fs.writeFileSync(path.join(disk.dir, 'notes.txt'), 'x');

    const first = await migrateStorage(disk, bucket);
    expect(first).toMatchObject({ total: 4, copied: 4, skipped: 0, failed: [] });
    expect(first.bytes).toBe([...objects.values()].reduce((sum, b) => sum + b.length, 0));
    for (const [key, bytes] of objects) expect((await bytesOf(bucket, key))?.equals(bytes)).toBe(true);

    // Run again after an interrupted run: one object missing and one cut short in the target.
    const [missing, cut] = [...objects.keys()] as [string, string];
    await bucket.remove([missing, cut]);
    await bucket.put(cut, Readable.from([(objects.get(cut) as Buffer).subarray(0, 10)]));
    const second = await migrateStorage(disk, bucket);
    expect(second).toMatchObject({ total: 4, copied: 2, skipped: 2, failed: [] });
    expect((await bytesOf(bucket, cut))?.equals(objects.get(cut) as Buffer)).toBe(true);
    expect((await bytesOf(bucket, missing))?.equals(objects.get(missing) as Buffer)).toBe(true);

    // And back to an empty disk.
    const back = createDiskStorage(tempFolder());
    const third = await migrateStorage(bucket, back);
    expect(third).toMatchObject({ copied: 4, failed: [] });
    for (const [key, bytes] of objects) expect((await bytesOf(back, key))?.equals(bytes)).toBe(true);
    expect(await migrateStorage(bucket, back)).toMatchObject({ copied: 0, skipped: 4 });
  });

  it('reports a copy that does not check out, and removes it from the target', async () => {
    const disk = createDiskStorage(tempFolder());
    const key = newStorageKey('bin');
    await disk.put(key, Readable.from([randomBytes(5000)]));
    const target = createDiskStorage(tempFolder());
    // A target that loses bytes on the way.
    const dropFirstByte = () =>
      new Transform({
        transform(chunk: Buffer, _encoding, done) {
          done(null, chunk.subarray(1));
        },
      });
    const lossy: FileStorage = { ...target, put: (k, source) => target.put(k, source.pipe(dropFirstByte())) };
    const lines: string[] = [];
    const summary = await migrateStorage(disk, lossy, { log: (line) => lines.push(line) });
    expect(summary).toMatchObject({ total: 1, copied: 0, failed: [key] });
    expect(await target.size(key)).toBeNull();
    expect(lines.join('\n')).toContain('does not match');
  });
});
