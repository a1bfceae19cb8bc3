/**
 * Backups of a whole instance (issue 32 B, ADR 057): one `.tar.gz` holding a dump of the database, every
 * stored file and a manifest (schema version, checksums), and its restore into an empty instance. The
 * scripts `npm run backup` and `npm run restore` are thin shells over `createBackup` and `restoreBackup`.
 *
 * Archive layout:
 *   manifest.json                   what the rest is, with a SHA-256 per part and per file
 *   database/postgres.dump          PostgreSQL: `pg_dump --format=custom` (one consistent snapshot)
 *   database/pglite-datadir.tar     PGlite: its `dumpDataDir()` (a copy of the data directory)
 *   files/<storage key>             the stored files, by their key (disk or bucket alike)
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

import type { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import type pg from 'pg';
import * as tar from 'tar';
import { z } from 'zod';

import { migrationsFolder, openPglite, openPostgres, type Database, type Db } from '../../db/client.ts';
import { STORAGE_KEY, type FileStorage } from '../files/files.service.ts';

export type DatabaseKind = Database['kind'];

const sha256 = z.string().regex(/^[0-9a-f]{64}$/);
const partSchema = z.object({ path: z.string(), bytes: z.number().int().min(0), sha256 });

export const manifestSchema = z.object({
  format: z.literal('atrium-backup'),
  formatVersion: z.literal(1),
  createdAt: z.iso.datetime(),
  appVersion: z.string(),
  database: z.object({
    kind: z.enum(['pglite', 'postgres']),
    /** The last drizzle migration applied when the dump was taken (its tag, and its journal `when`). */
    schemaVersion: z.object({ tag: z.string(), when: z.number().int() }),
    parts: z.array(partSchema.extend({ path: z.string().regex(/^database\/[a-z0-9.-]+$/) })).min(1),
  }),
  storage: z.object({ kind: z.enum(['disk', 's3']) }),
  files: z.array(
    partSchema.extend({
      key: z.string().regex(STORAGE_KEY),
      path: z.string().regex(/^files\/[0-9a-f]{32}\.[a-z0-9]{1,5}$/),
    }),
  ),
});
export type Manifest = z.infer<typeof manifestSchema>;

/** A refusal the scripts print as is (exit code 1), as opposed to a crash. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

type Log = (line: string) => void;

export interface BackupOptions {
  database: Database;
  storage: FileStorage;
  /** Where the archive goes; written aside and renamed, so a half-written archive never has this name. */
  archivePath: string;
  appVersion: string;
  log?: Log;
}

/**
 * Writes one archive of `database` and `storage`. The database dump is taken first, then the files are
 * listed and copied: files are write-once under random keys, so every file the dump refers to is there,
 * except one deleted in between (reported in `missing`, see ADR 057).
 */
export async function createBackup(options: BackupOptions): Promise<Manifest & { missing: string[] }> {
  const log = options.log ?? (() => {});
  const archivePath = path.resolve(options.archivePath);
  fs.mkdirSync(path.dirname(archivePath), { recursive: true });
  const work = fs.mkdtempSync(path.join(path.dirname(archivePath), '.atrium-backup-'));
  try {
    fs.mkdirSync(path.join(work, 'database'));
    fs.mkdirSync(path.join(work, 'files'));
    const { database } = options;
    const schemaVersion = await schemaVersionOf(database.db);
    log(`Dumping the ${database.kind} database (schema ${schemaVersion.tag})…`);
    const referenced = await storedKeysOf(database.db);
    const part =
      database.kind === 'postgres'
        ? await dumpPostgres(connectionStringOf(database), path.join(work, 'database/postgres.dump'))
        : await dumpPglite(database, path.join(work, 'database/pglite-datadir.tar'));

    log('Copying the stored files…');
    const files: Manifest['files'] = [];
    for await (const key of options.storage.list()) {
      const stream = await options.storage.read(key);
      if (!stream) continue; // deleted since it was listed
      const relative = `files/${key}`;
      files.push({ key, ...(await writeHashed(stream, path.join(work, relative))), path: relative });
    }
    files.sort((a, b) => a.key.localeCompare(b.key));
    const copied = new Set(files.map((file) => file.key));
    const missing = referenced.filter((key) => !copied.has(key));

    const manifest: Manifest = {
      format: 'atrium-backup',
      formatVersion: 1,
      createdAt: new Date().toISOString(),
      appVersion: options.appVersion,
      database: { kind: database.kind, schemaVersion, parts: [part] },
      storage: { kind: (await options.storage.describe()).kind },
      files,
    };
    fs.writeFileSync(path.join(work, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    const partial = `${archivePath}.partial`;
    await tar.create({ gzip: true, file: partial, cwd: work, portable: true }, [
      'manifest.json',
      'database',
      'files',
    ]);
    // The archive holds the whole database: readable by its owner only, like the data directory.
    fs.chmodSync(partial, 0o600);
    fs.renameSync(partial, archivePath);
    return { ...manifest, missing };
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/** Where a restore puts the database: a PGlite data directory, or a PostgreSQL database. */
export type RestoreTarget = { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string };

export interface RestoreOptions {
  archivePath: string;
  target: RestoreTarget;
  storage: FileStorage;
  /** Restore over a database or file store that is not empty (its rows are replaced). */
  force?: boolean;
  log?: Log;
}

/**
 * Restores an archive: unpacks it to a scratch folder next to it and checks the manifest and every checksum
 * before touching the target; then refuses a target of another kind, a schema this code does not know, and
 * (without `force`) a database with rows or a file store with files. Migrations newer than the archive run
 * afterwards.
 */
export async function restoreBackup(options: RestoreOptions): Promise<Manifest> {
  const log = options.log ?? (() => {});
  const archivePath = path.resolve(options.archivePath);
  const work = fs.mkdtempSync(path.join(path.dirname(archivePath), '.atrium-restore-'));
  try {
    log(`Checking ${archivePath}…`);
    const manifest = await unpackVerified(archivePath, work);
    const { target } = options;
    if (manifest.database.kind !== target.kind) {
      throw new BackupError(
        `This archive holds a ${manifest.database.kind} database and the target is ${target.kind}: ` +
          'a restore stays within one kind (PGlite to PGlite, PostgreSQL to PostgreSQL, ADR 057).',
      );
    }
    if (!knownMigrations().some((entry) => entry.tag === manifest.database.schemaVersion.tag)) {
      throw new BackupError(
        `The archive's schema (${manifest.database.schemaVersion.tag}, Atrium ${manifest.appVersion}) is ` +
          'not one this version of Atrium knows: restore it with that version or a newer one.',
      );
    }

    const rows = await targetRows(target);
    const storedFiles = await countUpTo(options.storage.list(), 1);
    if ((rows > 0 || storedFiles > 0) && !options.force) {
      const what = [
        rows > 0 ? 'the database has rows' : '',
        storedFiles > 0 ? 'the file store has files' : '',
      ]
        .filter(Boolean)
        .join(' and ');
      throw new BackupError(
        `The target is not empty (${what}). Restore into an empty instance, or pass --force to replace ` +
          'its database (stored files with other keys are kept).',
      );
    }

    const [part] = manifest.database.parts;
    if (!part) throw new BackupError('The archive has no database dump.');
    log(`Restoring the ${target.kind} database…`);
    const restored =
      target.kind === 'postgres'
        ? await restorePostgres(path.join(work, part.path), target.url)
        : await restorePglite(path.join(work, part.path), target.dataDir, log);
    try {
      await restored.migrate();
    } finally {
      await restored.close();
      if (target.kind === 'pglite') fs.rmSync(path.join(target.dataDir, '.atrium.lock'), { force: true });
    }

    log(`Restoring ${manifest.files.length} stored files…`);
    for (const file of manifest.files) await putFile(options.storage, file, path.join(work, file.path));
    return manifest;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/**
 * The rows the migrations themselves write (the built-in site of analytics, the bank's own account): a
 * freshly migrated instance has these and nothing else, and still counts as empty. The test checks it.
 */
export const MIGRATION_ROWS: Readonly<Record<string, number>> = {
  'public.analytics_sites': 1,
  'public.banking_accounts': 1,
};

/** Rows per table of every schema the app owns (`schema.table`), the migrations journal aside. */
export async function rowCounts(db: Db): Promise<Record<string, number>> {
  const tables = await rowsOf<{ schema: string; name: string }>(
    db,
    sql`
    select table_schema as schema, table_name as name from information_schema.tables
    where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema', 'drizzle')
      and table_schema not like 'pg\_%'
    order by 1, 2`,
  );
  const counts: Record<string, number> = {};
  for (const { schema, name } of tables) {
    const id = `${quoteIdent(schema)}.${quoteIdent(name)}`;
    const [row] = await rowsOf<{ n: number }>(db, sql.raw(`select count(*)::int as n from ${id}`));
    counts[`${schema}.${name}`] = Number(row?.n ?? 0);
  }
  return counts;
}

/** The rows of a raw query, on PGlite and node-postgres alike (both answer `{ rows }`). */
async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The drizzle journal of this code: every migration's tag and `when`, in order. */
function knownMigrations(): { tag: string; when: number }[] {
  const journal = z
    .object({ entries: z.array(z.object({ tag: z.string(), when: z.number() })) })
    .parse(JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')));
  return journal.entries;
}

/** The last migration applied to `db`, by the `created_at` drizzle records (the journal's `when`). */
async function schemaVersionOf(db: Db): Promise<Manifest['database']['schemaVersion']> {
  const [row] = await rowsOf<{ at: string | number }>(
    db,
    sql`select created_at as at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
  );
  const when = Number(row?.at);
  const entry = knownMigrations().find((migration) => migration.when === when);
  if (!entry) throw new BackupError('The database has no migrations this version of Atrium knows.');
  return entry;
}

/** Keys of the `files` table, to report files that vanished between the dump and the copy. */
async function storedKeysOf(db: Db): Promise<string[]> {
  const rows = await rowsOf<{ key: string }>(db, sql`select storage_key as key from files`);
  return rows.map((row) => row.key);
}

/** The connection string of a node-postgres database, from its pool (drizzle keeps it as `$client`). */
function connectionStringOf(database: Database): string {
  const pool = (database.db as unknown as { $client: pg.Pool }).$client;
  const url = pool.options.connectionString;
  if (!url) throw new BackupError('The PostgreSQL database was not opened with a connection string.');
  return url;
}

/** `url` without its password, which goes to the child through PGPASSWORD (not onto its command line). */
function pgConnection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  // The child needs this process's environment (PATH, PG* settings) plus the password.
  // eslint-disable-next-line no-restricted-properties
  const env = { ...process.env, ...(password ? { PGPASSWORD: password } : {}) };
  return { dbname: parsed.toString(), env };
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
    child.on('error', (error) =>
      reject(
        new BackupError(`Could not run ${command}: ${error.message} (is the PostgreSQL client installed?)`),
      ),
    );
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new BackupError(`${command} failed (exit ${code}): ${stderr.trim()}`)),
    );
  });
}

/** pg_dump reads in one repeatable-read snapshot: consistent while the app writes, and blocks nobody. */
async function dumpPostgres(url: string, file: string): Promise<Manifest['database']['parts'][number]> {
  const { dbname, env } = pgConnection(url);
  await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`, dbname], env);
  return { path: 'database/postgres.dump', ...(await hashFile(file)) };
}

async function restorePostgres(file: string, url: string): Promise<Database> {
  const { dbname, env } = pgConnection(url);
  // --clean drops what the dump creates (an empty instance's migrated tables), all in one transaction.
  await run(
    'pg_restore',
    [
      '--clean',
      '--if-exists',
      '--no-owner',
      '--no-privileges',
      '--single-transaction',
      '--exit-on-error',
      `--dbname=${dbname}`,
      file,
    ],
    env,
  );
  return openPostgres(url);
}

/** PGlite's own copy of its data directory, taken through the open database (the caller holds it). */
async function dumpPglite(database: Database, file: string): Promise<Manifest['database']['parts'][number]> {
  const client = (database.db as unknown as { $client: PGlite }).$client;
  const dump = await client.dumpDataDir('none');
  await pipeline(Readable.fromWeb(dump.stream() as never), fs.createWriteStream(file));
  return { path: 'database/pglite-datadir.tar', ...(await hashFile(file)) };
}

/**
 * Loads the dump into `dataDir`; a directory already there (empty, or with data under --force) is kept aside
 * as `<dataDir>.replaced-<time>`. The caller removes the lock file the dump may carry from its source.
 */
async function restorePglite(file: string, dataDir: string, log: Log): Promise<Database> {
  if (fs.existsSync(dataDir)) {
    const aside = `${dataDir}.replaced-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    fs.renameSync(dataDir, aside);
    log(`The previous database directory is kept as ${aside}.`);
  }
  return openPglite(dataDir, new Blob([fs.readFileSync(file)]));
}

/**
 * Rows in the target database beyond MIGRATION_ROWS; 0 when it does not exist yet (a PGlite directory not
 * created).
 */
async function targetRows(target: RestoreTarget): Promise<number> {
  if (target.kind === 'pglite' && !fs.existsSync(path.join(target.dataDir, 'PG_VERSION'))) {
    if (
      fs.existsSync(target.dataDir) &&
      fs.readdirSync(target.dataDir).some((name) => name !== '.atrium.lock')
    )
      throw new BackupError(`${target.dataDir} exists and is not a PGlite data directory.`);
    return 0;
  }
  // Opening a PGlite directory takes its lock: a running app makes this fail with DirLockedError.
  const database =
    target.kind === 'postgres' ? await openPostgres(target.url) : await openPglite(target.dataDir);
  try {
    const counts = await rowCounts(database.db);
    return Object.entries(counts).reduce(
      (sum, [table, n]) => sum + Math.max(0, n - (MIGRATION_ROWS[table] ?? 0)),
      0,
    );
  } finally {
    await database.close();
  }
}

async function countUpTo(items: AsyncIterable<unknown>, max: number): Promise<number> {
  let n = 0;
  for await (const _ of items) if (++n >= max) break;
  return n;
}

/** Puts one file back; one already there with the same bytes is kept, one with other bytes replaced. */
async function putFile(storage: FileStorage, file: Manifest['files'][number], source: string): Promise<void> {
  const existing = await storage.read(file.key);
  if (existing) {
    const hash = createHash('sha256');
    for await (const chunk of existing) hash.update(chunk as Buffer);
    if (hash.digest('hex') === file.sha256) return;
    await storage.remove([file.key]);
  }
  await storage.put(file.key, fs.createReadStream(source));
}

/**
 * Unpacks only regular files and folders at the paths the format has (no links, nothing outside `work`),
 * then checks the manifest and the SHA-256 of every part and file, and that nothing is missing or extra.
 */
async function unpackVerified(archivePath: string, work: string): Promise<Manifest> {
  if (!fs.existsSync(archivePath)) throw new BackupError(`No archive at ${archivePath}.`);
  const allowed =
    /^(manifest\.json|database\/?|database\/[a-z0-9.-]+|files\/?|files\/[0-9a-f]{32}\.[a-z0-9]{1,5})$/;
  const refused: string[] = [];
  try {
    await tar.extract({
      file: archivePath,
      cwd: work,
      strict: true,
      filter: (entryPath, entry) => {
        const type = 'type' in entry ? entry.type : entry.isDirectory() ? 'Directory' : 'File';
        const ok = allowed.test(entryPath.replace(/^\.\//, '')) && (type === 'File' || type === 'Directory');
        if (!ok) refused.push(entryPath);
        return ok;
      },
    });
  } catch (error) {
    throw new BackupError(`${archivePath} is not a readable backup archive: ${(error as Error).message}`);
  }
  if (refused.length) throw new BackupError(`The archive holds unexpected entries: ${refused.join(', ')}.`);
  const manifestFile = path.join(work, 'manifest.json');
  if (!fs.existsSync(manifestFile)) throw new BackupError('The archive has no manifest.json.');
  let parsed: unknown;
  try {
    parsed = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
  } catch {
    throw new BackupError('The manifest of the archive is not valid JSON.');
  }
  const result = manifestSchema.safeParse(parsed);
  if (!result.success) throw new BackupError(`The manifest is not valid: ${z.prettifyError(result.error)}`);
  const manifest = result.data;
  const listed = [...manifest.database.parts, ...manifest.files];
  for (const part of listed) {
    const file = path.join(work, part.path);
    const found = fs.existsSync(file) ? await hashFile(file) : null;
    if (!found) throw new BackupError(`The archive is missing ${part.path}.`);
    if (found.sha256 !== part.sha256 || found.bytes !== part.bytes) {
      throw new BackupError(
        `The archive is damaged or was changed: ${part.path} does not match its checksum.`,
      );
    }
  }
  const expected = new Set(listed.map((part) => part.path));
  const extra = [...listFiles(work, 'database'), ...listFiles(work, 'files')].filter((p) => !expected.has(p));
  if (extra.length)
    throw new BackupError(`The archive holds files its manifest does not list: ${extra.join(', ')}.`);
  return manifest;
}

function listFiles(root: string, folder: string): string[] {
  const dir = path.join(root, folder);
  return fs.existsSync(dir) ? fs.readdirSync(dir).map((name) => `${folder}/${name}`) : [];
}

/** Streams `source` to `file`, hashing on the way. */
async function writeHashed(source: Readable, file: string): Promise<{ bytes: number; sha256: string }> {
  const hash = createHash('sha256');
  let bytes = 0;
  await pipeline(
    source,
    async function* (chunks: AsyncIterable<Buffer>) {
      for await (const chunk of chunks) {
        hash.update(chunk);
        bytes += chunk.length;
        yield chunk;
      }
    },
    fs.createWriteStream(file, { mode: 0o600 }),
  );
  return { bytes, sha256: hash.digest('hex') };
}

async function hashFile(file: string): Promise<{ bytes: number; sha256: string }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of fs.createReadStream(file)) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { bytes, sha256: hash.digest('hex') };
}
