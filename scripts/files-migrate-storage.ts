/**
 * `npm run files:migrate-storage -- --to s3` (or `--to disk`): copies every stored file from the other
 * store (DATA_DIR/uploads, or the bucket named by the S3_* variables) to that one, checks each copy's
 * SHA-256 and prints a summary (ADR 047). Safe to run again: objects already copied with the same bytes
 * are skipped. Files are not deleted from the source; switch STORAGE_DRIVER and restart afterwards.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';

import { readEnv, storageSettingsOf } from '../src/server/env.ts';
import { migrateStorage } from '../src/server/modules/files/migrate-storage.ts';
import { createS3Storage } from '../src/server/modules/files/storage-s3.ts';
import { createDiskStorage, type FileStorage } from '../src/server/modules/files/storage.ts';

const { values } = parseArgs({
  options: { to: { type: 'string' }, from: { type: 'string' }, concurrency: { type: 'string' } },
});
const to = values.to;
const from = values.from ?? (to === 's3' ? 'disk' : 's3');
if ((to !== 's3' && to !== 'disk') || (from !== 's3' && from !== 'disk') || from === to) {
  console.error('Usage: npm run files:migrate-storage -- --to s3|disk [--from disk|s3] [--concurrency 4]');
  process.exit(2);
}

const env = readEnv();
function open(kind: 's3' | 'disk'): FileStorage & { client?: { destroy(): void } } {
  if (kind === 'disk') return createDiskStorage(path.join(path.resolve(env.DATA_DIR), 'uploads'));
  const settings = storageSettingsOf({ ...env, STORAGE_DRIVER: 's3' });
  if (settings.driver !== 's3') {
    console.error('Set S3_BUCKET (and S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY as needed).');
    process.exit(2);
  }
  return createS3Storage({ ...settings, presignSeconds: 0 });
}

const source = open(from);
const target = open(to);
const started = Date.now();
console.log(`Copying stored files from ${from} to ${to}…`);
const summary = await migrateStorage(source, target, {
  log: (line) => console.log(line),
  concurrency: Math.max(1, Number(values.concurrency ?? 4) || 4),
});
source.client?.destroy();
target.client?.destroy();
const mib = (summary.bytes / 1024 / 1024).toFixed(1);
console.log(
  `${summary.total} objects: ${summary.copied} copied (${mib} MiB), ${summary.skipped} already there with ` +
    `the same bytes, ${summary.failed.length} failed, in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
);
if (summary.failed.length) {
  console.log(`Failed: ${summary.failed.join(', ')}. Run the command again to retry them.`);
  process.exit(1);
}
console.log(
  `Done. Set STORAGE_DRIVER=${to} and restart Atrium to use the ${to === 's3' ? 'bucket' : 'disk'}.`,
);
