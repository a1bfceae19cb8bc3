/**
 * Where the bytes of stored files live (ADR 018): the local disk under DATA_DIR/uploads (the default), or
 * an S3-compatible object store shared by several instances (storage-s3.ts, ADR 047), behind one interface.
 * Keys are chosen by the server (STORAGE_KEY), so no user input ever becomes a path.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** 32 random hex digits and a short lowercase extension. Anything else is never opened. */
export const STORAGE_KEY = /^[0-9a-f]{32}\.[a-z0-9]{1,5}$/;

export const newStorageKey = (extension: string) => `${randomBytes(16).toString('hex')}.${extension}`;

export interface ByteRange {
  start: number;
  /** Inclusive, as in HTTP. */
  end: number;
}

export interface FileStorage {
  /** Streams `source` under `key` (a new key: an existing one is never overwritten). */
  put(key: string, source: Readable): Promise<void>;
  /** The bytes of `key`, or of one range of them; null when there is no such file. */
  read(key: string, range?: ByteRange): Promise<Readable | null>;
  /** Size in bytes, or null when there is no such file. */
  size(key: string): Promise<number | null>;
  /** Deletes stored files; missing ones are ignored. */
  remove(keys: readonly string[]): Promise<void>;
  /** Every stored key (STORAGE_KEY), in no particular order: what `files:migrate-storage` copies. */
  list(): AsyncIterable<string>;
  /** What kind of store this is, its name, and its space where the store says (a bucket does not). */
  describe(): Promise<StorageDescription>;
  /**
   * A short-lived URL of the store itself to download `key` from (ADR 047), when the driver has one and
   * it is switched on; downloads then redirect there instead of streaming through the server.
   */
  presignedUrl?(key: string, download: PresignedDownload): Promise<string>;
}

export type StorageKind = 'disk' | 's3';

export interface StorageDescription {
  kind: StorageKind;
  /** `disk`, or the bucket's name. */
  name: string;
  /** Free and total bytes of the disk holding the files; null where the store does not say (S3). */
  freeBytes: number | null;
  totalBytes: number | null;
}

export interface PresignedDownload {
  /** The download's name (Content-Disposition) and type. */
  name: string;
  mimeType: string;
  inline: boolean;
}

/** Files in one folder, written with `wx` (never replacing one) and mode 0640. */
export function createDiskStorage(dir: string): FileStorage & { dir: string } {
  fs.mkdirSync(dir, { recursive: true });
  const pathOf = (key: string) => (STORAGE_KEY.test(key) ? path.join(dir, key) : null);
  const statOf = async (key: string) => {
    const file = pathOf(key);
    const stat = file ? await fs.promises.stat(file).catch(() => null) : null;
    return file && stat?.isFile() ? { file, size: stat.size } : null;
  };
  return {
    dir,
    async put(key, source) {
      const file = pathOf(key);
      if (!file) throw new Error(`Not a storage key: ${key}`);
      try {
        await pipeline(source, fs.createWriteStream(file, { flags: 'wx', mode: 0o640 }));
      } catch (error) {
        await fs.promises.rm(file, { force: true });
        throw error;
      }
    },
    async read(key, range) {
      const found = await statOf(key);
      if (!found) return null;
      return fs.createReadStream(found.file, range ? { start: range.start, end: range.end } : {});
    },
    async size(key) {
      return (await statOf(key))?.size ?? null;
    },
    async remove(keys) {
      await Promise.all(
        keys.map(async (key) => {
          const file = pathOf(key);
          if (file) await fs.promises.rm(file, { force: true });
        }),
      );
    },
    async *list() {
      const folder = await fs.promises.opendir(dir);
      for await (const entry of folder) if (entry.isFile() && STORAGE_KEY.test(entry.name)) yield entry.name;
    },
    async describe() {
      const stat = await fs.promises.statfs(dir);
      return {
        kind: 'disk',
        name: 'disk',
        freeBytes: stat.bavail * stat.bsize,
        totalBytes: stat.blocks * stat.bsize,
      };
    },
  };
}
