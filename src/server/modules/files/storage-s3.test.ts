import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { envSchema, storageSettingsOf } from '../../env.ts';
import { startS3, type TestS3 } from '../../testing/s3.ts';
import { newStorageKey } from './storage.ts';
import { createS3Storage } from './storage-s3.ts';

let s3: TestS3;
beforeAll(async () => {
  s3 = await startS3();
});
afterAll(async () => {
  await s3?.close();
});

const read = async (stream: Readable | null) => (stream ? buffer(stream) : null);

describe('S3 storage driver (against s3rver)', () => {
  it('puts a small file and reads it whole, by range and by size', async () => {
    const storage = createS3Storage(s3.settings);
    const key = newStorageKey('txt');
    await storage.put(key, Readable.from([Buffer.from('hello, '), Buffer.from('object storage')]));
    expect(await storage.size(key)).toBe(21);
    expect((await read(await storage.read(key)))?.toString()).toBe('hello, object storage');
    expect((await read(await storage.read(key, { start: 7, end: 12 })))?.toString()).toBe('object');
  });

  it('streams a file larger than one part (multipart upload) and reads a range across parts', async () => {
    const storage = createS3Storage(s3.settings);
    const key = newStorageKey('bin');
    const bytes = randomBytes(19 * 1024 * 1024);
    // Chunks of 1 MiB, as a request or a file stream would hand them over.
    const chunks = Array.from({ length: 19 }, (_, i) =>
      bytes.subarray(i * 1024 * 1024, (i + 1) * 1024 * 1024),
    );
    await storage.put(key, Readable.from(chunks));
    expect(await storage.size(key)).toBe(bytes.length);
    const start = 8 * 1024 * 1024 - 10;
    const part = await read(await storage.read(key, { start, end: start + 99 }));
    expect(part?.equals(bytes.subarray(start, start + 100))).toBe(true);
    expect((await read(await storage.read(key)))?.equals(bytes)).toBe(true);
  });

  it('answers null for a missing or malformed key, lists stored keys and removes them', async () => {
    const storage = createS3Storage(s3.settings);
    const missing = newStorageKey('pdf');
    expect(await storage.size(missing)).toBeNull();
    expect(await storage.read(missing)).toBeNull();
    expect(await storage.size('../etc/passwd')).toBeNull();
    const keys = [newStorageKey('txt'), newStorageKey('txt')];
    for (const key of keys) await storage.put(key, Readable.from([Buffer.from(key)]));
    const listed: string[] = [];
    for await (const key of storage.list()) listed.push(key);
    expect(listed).toEqual(expect.arrayContaining(keys));
    await storage.remove([...keys, missing]);
    expect(await storage.size(keys[0] as string)).toBeNull();
    expect(await storage.size(keys[1] as string)).toBeNull();
    await expect(storage.put('not a key', Readable.from([Buffer.from('x')]))).rejects.toThrow(/storage key/);
    expect(await storage.describe()).toEqual({
      kind: 's3',
      name: 'atrium-test',
      freeBytes: null,
      totalBytes: null,
    });
  });

  it('hands out presigned download URLs only when switched on, which the store answers with the name', async () => {
    expect(createS3Storage(s3.settings).presignedUrl).toBeUndefined();
    const storage = createS3Storage({ ...s3.settings, presignSeconds: 60 });
    const key = newStorageKey('txt');
    await storage.put(key, Readable.from([Buffer.from('signed bytes')]));
    const url = await storage.presignedUrl!(key, {
      name: 'Relevé.txt',
      mimeType: 'text/plain',
      inline: false,
    });
    expect(url).toContain('X-Amz-Signature=');
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('signed bytes');
    expect(res.headers.get('content-disposition')).toContain('attachment');
    const ranged = await fetch(url, { headers: { range: 'bytes=7-11' } });
    expect(ranged.status).toBe(206);
    expect(await ranged.text()).toBe('bytes');
  });

  it('is chosen by the environment; the disk stays the default', () => {
    expect(storageSettingsOf(envSchema.parse({}))).toEqual({ driver: 'disk' });
    const env = envSchema.parse({
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: 'http://minio:9000',
      S3_BUCKET: 'files',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_FORCE_PATH_STYLE: 'true',
      S3_PRESIGNED_DOWNLOADS: '120',
    });
    expect(storageSettingsOf(env)).toEqual({
      driver: 's3',
      endpoint: 'http://minio:9000',
      region: 'us-east-1',
      bucket: 'files',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
      forcePathStyle: true,
      presignSeconds: 120,
    });
    expect(envSchema.safeParse({ S3_ENDPOINT: 'not a url' }).success).toBe(false);
    expect(envSchema.safeParse({ S3_PRESIGNED_DOWNLOADS: '7200' }).success).toBe(false);
    expect(envSchema.safeParse({ STORAGE_DRIVER: 'ftp' }).success).toBe(false);
  });
});
