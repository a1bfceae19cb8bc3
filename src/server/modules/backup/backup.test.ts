import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import type pg from 'pg';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { openPglite, type Database, type Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { makeUser } from '../../db/seed/factories.ts';
import { createRandom } from '../../db/seed/random.ts';
import { UNUSABLE_PASSWORD_HASH } from '../../lib/passwords.ts';
import { createTestDb } from '../../testing/test-db.ts';
import { seedBanking } from '../banking/banking.seed.ts';
import { seedCalendar } from '../calendar/calendar.seed.ts';
import { seedChat } from '../chat/chat.seed.ts';
import { seedFiles } from '../files/files.seed.ts';
import { seedMail } from '../mail/mail.seed.ts';
import { createDiskStorage, type FileStorage } from '../files/files.service.ts';
import { createBackup, MIGRATION_ROWS, restoreBackup, rowCounts, type RestoreTarget } from './backup.ts';
import { requestBackupFromApp, requestsDirOf, serveBackupRequests } from './backup.requests.ts';

/**
 * A part of the demo (seed.ts) that is quick to make: people, their chats, mail, calendar, banking and the
 * admin's drive with real bytes in `uploadsDir` (the whole demo takes ~20 s on PGlite).
 */
async function seedInstance(db: Db, uploadsDir: string): Promise<void> {
  const random = createRandom(32);
  const people = Array.from({ length: 10 }, (_, i) => ({
    ...makeUser(random, i, { status: 'active', role: i === 0 ? 'admin' : 'user' }),
    passwordHash: UNUSABLE_PASSWORD_HASH,
  }));
  const ids = (await db.insert(users).values(people).returning({ id: users.id })).map((row) => row.id);
  const [adminId = '', ...peopleIds] = ids;
  await seedChat(db, { adminId, peopleIds: peopleIds.slice(0, 4) });
  await seedMail(db, { adminId, peopleIds: peopleIds.slice(4, 8) });
  await seedCalendar(db, { adminId, peopleIds: peopleIds.slice(0, 5) });
  await seedBanking(db, { adminId, peopleIds: peopleIds.slice(0, 3) });
  await seedFiles(db, { adminId, peopleIds: peopleIds.slice(0, 4), uploadsDir });
}

/** SHA-256 of every stored file, by key. */
async function checksums(storage: FileStorage): Promise<Record<string, string>> {
  const sums: Record<string, string> = {};
  for await (const key of storage.list()) {
    const hash = createHash('sha256');
    for await (const chunk of (await storage.read(key))!) hash.update(chunk as Buffer);
    sums[key] = hash.digest('hex');
  }
  return sums;
}

/**
 * Backs up a seeded instance (demo data with its avatars, cover and drive files) and restores it into a
 * fresh one of the same kind: on PGlite a new data directory, on PostgreSQL a new migrated database.
 */
describe('backup and restore', () => {
  let dir: string;
  let source: Database;
  let sourceStorage: FileStorage;
  let archivePath: string;
  /** The PostgreSQL target (a fresh migrated database); PGlite restores into a directory. */
  let pgTarget: Database | undefined;
  let target: RestoreTarget;
  let migratedRows: Record<string, number>;
  const targetStorage = () => createDiskStorage(path.join(dir, 'target-uploads'));

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-backup-'));
    source = await createTestDb();
    migratedRows = Object.fromEntries(Object.entries(await rowCounts(source.db)).filter(([, n]) => n > 0));
    const uploadsDir = path.join(dir, 'source-uploads');
    await seedInstance(source.db, uploadsDir);
    sourceStorage = createDiskStorage(uploadsDir);
    archivePath = path.join(dir, 'out', 'backup.tar.gz');
    if (source.kind === 'postgres') {
      pgTarget = await createTestDb();
      const pool = (pgTarget.db as unknown as { $client: pg.Pool }).$client;
      target = { kind: 'postgres', url: pool.options.connectionString! };
    } else {
      target = { kind: 'pglite', dataDir: path.join(dir, 'target-pglite') };
    }
  });
  afterAll(async () => {
    await source?.close();
    await pgTarget?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('knows the rows a freshly migrated instance has, which still counts as empty', () => {
    expect(migratedRows).toEqual(MIGRATION_ROWS);
  });

  it('restores every table with the same row count and every file with the same SHA-256', async () => {
    const manifest = await createBackup({
      database: source,
      storage: sourceStorage,
      archivePath,
      appVersion: 't',
    });
    expect(manifest.database.kind).toBe(source.kind);
    expect(manifest.database.schemaVersion.tag).toMatch(/^\d{4}_/);
    expect(manifest.missing).toEqual([]);
    const sourceSums = await checksums(sourceStorage);
    expect(Object.keys(sourceSums).length).toBeGreaterThan(10);
    expect(manifest.files.map((file) => file.key).sort()).toEqual(Object.keys(sourceSums).sort());

    const storage = targetStorage();
    await restoreBackup({ archivePath, target, storage });

    const expected = await rowCounts(source.db);
    expect(expected['public.users']).toBe(10);
    expect(Object.values(expected).filter((n) => n > 0).length).toBeGreaterThan(20);
    expect(expected['public.files']).toBeGreaterThan(10);
    const restored = pgTarget ?? (await openPglite(path.join(dir, 'target-pglite')));
    try {
      expect(await rowCounts(restored.db)).toEqual(expected);
    } finally {
      if (!pgTarget) await restored.close();
    }
    expect(await checksums(storage)).toEqual(sourceSums);
  }, 60_000);

  it('refuses a target that is not empty', async () => {
    // The first test restored into the target: it now has rows and files.
    await expect(restoreBackup({ archivePath, target, storage: targetStorage() })).rejects.toThrow(
      /not empty \(the database has rows and the file store has files\)/,
    );
  });

  it('refuses a tampered archive before touching the target', async () => {
    const unpacked = path.join(dir, 'unpacked');
    fs.mkdirSync(unpacked);
    await tar.extract({ file: archivePath, cwd: unpacked });
    const [file] = fs.readdirSync(path.join(unpacked, 'files'));
    fs.appendFileSync(path.join(unpacked, 'files', file!), 'x');
    const tampered = path.join(dir, 'tampered.tar.gz');
    await tar.create({ gzip: true, file: tampered, cwd: unpacked }, fs.readdirSync(unpacked));

    const emptyStorage = createDiskStorage(path.join(dir, 'empty-uploads'));
    const emptyTarget: RestoreTarget =
      target.kind === 'pglite' ? { kind: 'pglite', dataDir: path.join(dir, 'empty-pglite') } : target;
    await expect(
      restoreBackup({ archivePath: tampered, target: emptyTarget, storage: emptyStorage, force: true }),
    ).rejects.toThrow(`files/${file} does not match its checksum`);
    expect(await checksums(emptyStorage)).toEqual({});
    if (emptyTarget.kind === 'pglite') expect(fs.existsSync(emptyTarget.dataDir)).toBe(false);
    // On PostgreSQL the target is the database restored above, left as it was.
    else expect(await rowCounts(pgTarget!.db)).toEqual(await rowCounts(source.db));
  });
  it('is taken by the app that holds the database when `npm run backup` asks it (SIGUSR2)', async () => {
    const appDataDir = path.join(dir, 'app-data');
    const stop = serveBackupRequests({
      dataDir: appDataDir,
      database: source,
      storage: sourceStorage,
      appVersion: 't',
      log: { info: () => {}, warn: () => {} },
    });
    const asked = path.join(dir, 'asked.tar.gz');
    try {
      const outcome = await requestBackupFromApp(appDataDir, process.pid, asked, 60_000);
      expect(outcome).toEqual({
        ok: true,
        archivePath: asked,
        files: Object.keys(await checksums(sourceStorage)).length,
        missing: [],
      });
    } finally {
      await stop();
    }
    expect(fs.readdirSync(requestsDirOf(appDataDir))).toEqual([]);

    // The archive restores like any other.
    const fresh = source.kind === 'postgres' ? await createTestDb() : undefined;
    try {
      const freshTarget: RestoreTarget = fresh
        ? {
            kind: 'postgres',
            url: (fresh.db as unknown as { $client: pg.Pool }).$client.options.connectionString!,
          }
        : { kind: 'pglite', dataDir: path.join(dir, 'asked-pglite') };
      await restoreBackup({
        archivePath: asked,
        target: freshTarget,
        storage: createDiskStorage(path.join(dir, 'asked-uploads')),
      });
      const restored = fresh ?? (await openPglite(path.join(dir, 'asked-pglite')));
      try {
        expect(await rowCounts(restored.db)).toEqual(await rowCounts(source.db));
      } finally {
        if (!fresh) await restored.close();
      }
    } finally {
      await fresh?.close();
    }
  }, 60_000);
});
