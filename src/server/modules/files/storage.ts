/**
 * Where the bytes of stored files live (ADR 018). One driver today, the local disk under
 * DATA_DIR/uploads; a store shared by several instances (S3-compatible) implements the same interface.
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
  };
}
