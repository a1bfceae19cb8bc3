/**
 * `npm run restore -- ARCHIVE [--force]`: restores an archive of `npm run backup` into this instance (the
 * DATABASE_URL or DATA_DIR and file store of the environment), after checking every checksum (ADR 057).
 * The instance must be empty (no rows, no stored files) unless --force; stop Atrium while it runs.
 */
import { parseArgs } from 'node:util';

import { readEnv } from '../src/server/env.ts';
import { DirLockedError } from '../src/server/lib/dir-lock.ts';
import { BackupError, restoreBackup } from '../src/server/modules/backup/backup.ts';
import { openStorageOf, restoreTargetOf } from '../src/server/modules/backup/backup.env.ts';

const { values, positionals } = parseArgs({
  options: { force: { type: 'boolean', default: false } },
  allowPositionals: true,
});
const [archivePath] = positionals;
if (!archivePath || positionals.length > 1) {
  console.error('Usage: npm run restore -- ARCHIVE [--force]');
  process.exit(2);
}

const env = readEnv();
const storage = openStorageOf(env);
const started = Date.now();
try {
  const manifest = await restoreBackup({
    archivePath,
    target: restoreTargetOf(env),
    storage,
    force: values.force,
    log: (line) => console.log(line),
  });
  console.log(
    `Restored the backup of ${manifest.createdAt} (Atrium ${manifest.appVersion}, schema ` +
      `${manifest.database.schemaVersion.tag}, ${manifest.files.length} files) in ` +
      `${((Date.now() - started) / 1000).toFixed(1)} s. Start Atrium.`,
  );
} catch (error) {
  if (!(error instanceof BackupError || error instanceof DirLockedError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
} finally {
  storage.close();
}
