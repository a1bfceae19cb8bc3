/**
 * `npm run backup [-- --out FILE]`: writes one archive (.tar.gz) of the database, every stored file and a
 * manifest with the schema version and checksums (ADR 057). Default: DATA_DIR/backups/atrium-<time>.tar.gz.
 * On PostgreSQL it runs while Atrium serves; on the embedded PGlite, Atrium must be stopped first.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

import { readEnv } from '../src/server/env.ts';
import { BackupError, createBackup } from '../src/server/modules/backup/backup.ts';
import { openSourceDatabase, openStorageOf } from '../src/server/modules/backup/backup.env.ts';

const { values } = parseArgs({ options: { out: { type: 'string' } } });
const env = readEnv();
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const archivePath = path.resolve(values.out ?? path.join(env.DATA_DIR, 'backups', `atrium-${stamp}.tar.gz`));
const { version } = JSON.parse(fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

const started = Date.now();
try {
  const database = await openSourceDatabase(env);
  const storage = openStorageOf(env);
  try {
    const manifest = await createBackup({
      database,
      storage,
      archivePath,
      appVersion: version,
      log: (line) => console.log(line),
    });
    const mib = (fs.statSync(archivePath).size / 1024 / 1024).toFixed(1);
    console.log(
      `Backup written to ${archivePath} (${mib} MiB, ${manifest.database.kind} schema ` +
        `${manifest.database.schemaVersion.tag}, ${manifest.files.length} files) in ` +
        `${((Date.now() - started) / 1000).toFixed(1)} s.`,
    );
    if (manifest.missing.length) {
      console.log(
        `${manifest.missing.length} files of the dump were deleted before they could be copied (deleted ` +
          `while the backup ran): ${manifest.missing.join(', ')}`,
      );
    }
  } finally {
    storage.close();
    await database.close();
  }
} catch (error) {
  if (!(error instanceof BackupError)) throw error;
  console.error(error.message);
  process.exit(1);
}
