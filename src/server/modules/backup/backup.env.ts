/**
 * What `npm run backup` and `npm run restore` work on, from the environment the app itself reads (env.ts):
 * the database (DATABASE_URL, else DATA_DIR/pglite) and the file store (STORAGE_DRIVER: DATA_DIR/uploads or
 * the S3_* bucket), opened the way `files:migrate-storage` opens them.
 */
import fs from 'node:fs';
import path from 'node:path';

import { openPglite, openPostgres, type Database } from '../../db/client.ts';
import { DirLockedError } from '../../lib/dir-lock.ts';
import { storageSettingsOf, type Env } from '../../env.ts';
import { createDiskStorage, createS3Storage, type FileStorage } from '../files/files.service.ts';
import { BackupError, type RestoreTarget } from './backup.ts';

export const pgliteDirOf = (env: Env) => path.join(path.resolve(env.DATA_DIR), 'pglite');

/** The file store of the instance; `close` frees the S3 client's sockets. */
export function openStorageOf(env: Env): FileStorage & { close(): void } {
  const settings = storageSettingsOf(env);
  if (settings.driver === 'disk') {
    return { ...createDiskStorage(path.join(path.resolve(env.DATA_DIR), 'uploads')), close: () => {} };
  }
  const storage = createS3Storage({ ...settings, presignSeconds: 0 });
  return Object.assign(storage, { close: () => storage.client.destroy() });
}

/** The embedded database is open in a running Atrium, which takes the backup itself (backup.requests.ts). */
export class HeldByAppError extends BackupError {
  readonly pid: number;

  constructor(message: string, pid: number) {
    super(message);
    this.name = 'HeldByAppError';
    this.pid = pid;
  }
}

/**
 * The database to back up. PGlite serves one process (its directory is locked, SECURITY.md §0.7): while
 * Atrium runs on it no other process may open it, and this throws HeldByAppError naming that process, which
 * `npm run backup` then asks for the backup (ADR 057).
 */
export async function openSourceDatabase(env: Env): Promise<Database> {
  if (env.DATABASE_URL) return openPostgres(env.DATABASE_URL);
  const dir = pgliteDirOf(env);
  if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) throw new BackupError(`There is no database in ${dir}.`);
  try {
    return await openPglite(dir);
  } catch (error) {
    if (!(error instanceof DirLockedError)) throw error;
    throw new HeldByAppError(error.message, error.pid);
  }
}

export function restoreTargetOf(env: Env): RestoreTarget {
  return env.DATABASE_URL
    ? { kind: 'postgres', url: env.DATABASE_URL }
    : { kind: 'pglite', dataDir: pgliteDirOf(env) };
}
