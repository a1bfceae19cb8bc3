/**
 * `npm run backup [-- --out FILE]`: writes one archive (.tar.gz) of the database, every stored file and a
 * manifest with the schema version and checksums (ADR 057). Default: DATA_DIR/backups/atrium-<time>.tar.gz.
 * It runs while Atrium serves: on PostgreSQL through pg_dump; on the embedded PGlite, which one process owns,
 * by asking the running Atrium to take it (backup.requests.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

import { readEnv } from '../src/server/env.ts';
import { BackupError, createBackup } from '../src/server/modules/backup/backup.ts';
import {
  HeldByAppError,
  openSourceDatabase,
  openStorageOf,
} from '../src/server/modules/backup/backup.env.ts';
import { requestBackupFromApp } from '../src/server/modules/backup/backup.requests.ts';

const { values } = parseArgs({ options: { out: { type: 'string' } } });
const env = readEnv();
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const archivePath = path.resolve(values.out ?? path.join(env.DATA_DIR, 'backups', `atrium-${stamp}.tar.gz`));
const { version } = JSON.parse(fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

const started = Date.now();
const done = (files: number, missing: string[]) => {
  const mib = (fs.statSync(archivePath).size / 1024 / 1024).toFixed(1);
  console.log(
    `Backup written to ${archivePath} (${mib} MiB, ${files} files) in ` +
      `${((Date.now() - started) / 1000).toFixed(1)} s.`,
  );
  if (missing.length) {
    console.log(
      `${missing.length} files of the dump were deleted before they could be copied (deleted ` +
        `while the backup ran): ${missing.join(', ')}`,
    );
  }
};

try {
  let database;
  try {
    database = await openSourceDatabase(env);
  } catch (error) {
    if (!(error instanceof HeldByAppError)) throw error;
    // Atrium is serving from the embedded database: it takes the backup itself.
    console.log(`Atrium is running on this database (pid ${error.pid}): asking it for the backup…`);
    const outcome = await requestBackupFromApp(env.DATA_DIR, error.pid, archivePath);
    done(outcome.files, outcome.missing);
    process.exit(0);
  }
  const storage = openStorageOf(env);
  try {
    const manifest = await createBackup({
      database,
      storage,
      archivePath,
      appVersion: version,
      log: (line) => console.log(line),
    });
    done(manifest.files.length, manifest.missing);
  } finally {
    storage.close();
    await database.close();
  }
} catch (error) {
  if (!(error instanceof BackupError)) throw error;
  console.error(error.message);
  process.exit(1);
}
