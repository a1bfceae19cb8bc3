/**
 * Backups while Atrium serves from the embedded database (ADR 057, addendum). PGlite is owned by the one
 * process that opened it, so `npm run backup` cannot open it beside a running app. Instead it asks that
 * app: it writes a request file into DATA_DIR/backups/.requests and sends the app SIGUSR2; the app takes the
 * backup through its own open database (PGlite runs one statement at a time, so the dump is consistent, and
 * requests wait a few seconds meanwhile) and writes the outcome next to the request, which the script reads.
 * Only someone who may write into DATA_DIR and signal the app's process can ask, the same people who could
 * stop it and copy the directory.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

import { z } from 'zod';

import type { Database } from '../../db/client.ts';
import type { FileStorage } from '../files/files.service.ts';
import { BackupError, createBackup } from './backup.ts';

export const BACKUP_SIGNAL = 'SIGUSR2';

const requestSchema = z.object({ archivePath: z.string().min(1) });
const outcomeSchema = z.union([
  z.object({
    ok: z.literal(true),
    archivePath: z.string(),
    files: z.number().int(),
    missing: z.array(z.string()),
  }),
  z.object({ ok: z.literal(false), message: z.string() }),
]);
export type BackupOutcome = z.infer<typeof outcomeSchema>;

export const requestsDirOf = (dataDir: string) => path.join(path.resolve(dataDir), 'backups', '.requests');

export interface ServeBackupsOptions {
  dataDir: string;
  database: Database;
  storage: FileStorage;
  appVersion: string;
  log: { info: (message: string) => void; warn: (message: string) => void };
}

/**
 * Takes the backups asked for while the app runs, one at a time, on each SIGUSR2. Returns the function that
 * stops listening (and waits for a backup under way).
 */
export function serveBackupRequests(options: ServeBackupsOptions): () => Promise<void> {
  // Windows has no SIGUSR2: there, a backup of the embedded database needs Atrium stopped (ADR 057).
  if (process.platform === 'win32') return async () => {};
  const dir = requestsDirOf(options.dataDir);
  let running = Promise.resolve();

  async function takeAll(): Promise<void> {
    const pending = fs.existsSync(dir)
      ? fs.readdirSync(dir).filter((name) => /^[0-9a-f-]{36}\.request\.json$/.test(name))
      : [];
    for (const name of pending) {
      const id = name.slice(0, 36);
      const outcomeFile = path.join(dir, `${id}.outcome.json`);
      if (fs.existsSync(outcomeFile)) continue;
      let outcome: BackupOutcome;
      try {
        const request = requestSchema.parse(JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')));
        options.log.info(`Backup asked for: writing ${request.archivePath}`);
        const manifest = await createBackup({
          database: options.database,
          storage: options.storage,
          archivePath: request.archivePath,
          appVersion: options.appVersion,
        });
        outcome = {
          ok: true,
          archivePath: request.archivePath,
          files: manifest.files.length,
          missing: manifest.missing,
        };
      } catch (error) {
        options.log.warn(`Backup failed: ${(error as Error).message}`);
        outcome = { ok: false, message: (error as Error).message };
      }
      fs.writeFileSync(`${outcomeFile}.partial`, JSON.stringify(outcome), { mode: 0o600 });
      fs.renameSync(`${outcomeFile}.partial`, outcomeFile);
    }
  }

  const onSignal = () => {
    running = running.then(takeAll).catch((error: unknown) => {
      options.log.warn(`Backup requests could not be read: ${(error as Error).message}`);
    });
  };
  process.on(BACKUP_SIGNAL, onSignal);
  return async () => {
    process.off(BACKUP_SIGNAL, onSignal);
    await running;
  };
}

/**
 * Asks the app running as `pid` on `dataDir` for a backup into `archivePath` and waits for its outcome (at
 * most `timeoutMs`). The request and outcome files are removed afterwards.
 */
export async function requestBackupFromApp(
  dataDir: string,
  pid: number,
  archivePath: string,
  timeoutMs = 30 * 60_000,
): Promise<Extract<BackupOutcome, { ok: true }>> {
  if (process.platform === 'win32') {
    throw new BackupError(
      `Atrium (pid ${pid}) holds the embedded database, and on Windows it cannot be asked for a backup: ` +
        'stop Atrium, run `npm run backup` (a few seconds), then start Atrium again.',
    );
  }
  const dir = requestsDirOf(dataDir);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const id = randomUUID();
  const requestFile = path.join(dir, `${id}.request.json`);
  const outcomeFile = path.join(dir, `${id}.outcome.json`);
  fs.writeFileSync(requestFile, JSON.stringify({ archivePath: path.resolve(archivePath) }), { mode: 0o600 });
  try {
    try {
      process.kill(pid, BACKUP_SIGNAL);
    } catch (error) {
      throw new BackupError(`Could not ask the running Atrium (pid ${pid}): ${(error as Error).message}`);
    }
    const deadline = Date.now() + timeoutMs;
    while (!fs.existsSync(outcomeFile)) {
      if (Date.now() > deadline) {
        throw new BackupError(
          `The running Atrium (pid ${pid}) did not answer within ${Math.round(timeoutMs / 1000)} s. ` +
            'Is it a version that takes backups while it serves? Otherwise stop it and run the backup again.',
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const outcome = outcomeSchema.parse(JSON.parse(fs.readFileSync(outcomeFile, 'utf8')));
    if (!outcome.ok)
      throw new BackupError(`The running Atrium could not take the backup: ${outcome.message}`);
    return outcome;
  } finally {
    fs.rmSync(requestFile, { force: true });
    fs.rmSync(outcomeFile, { force: true });
  }
}
