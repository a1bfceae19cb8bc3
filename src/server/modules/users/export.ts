/**
 * A person's data, portable (issue 32 C, ADR 058): a zip of everything that is theirs, built in the
 * background, kept in the files store for a week, then gone.
 *
 * What is theirs is what the schema says is: every row of every table that points at them through a
 * foreign key to `users` (their profile, orders, invoices, events, cards, posts, comments, files, banking,
 * bookings, notifications…), read from the catalogue so a new area is exported without a list to keep.
 * Two kinds of rows reach them one step further and come too: the mail in their mailbox (their entries
 * point at the messages) and the messages of the conversations they are in. Columns that hold secrets
 * (password and token hashes, codes, idempotency keys, storage keys) are left out. Their stored files come
 * as the original bytes under `files/`.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';

import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import yazl from 'yazl';

import type { AccountExport } from '#shared/contract/users.ts';

import type { Db } from '../../db/client.ts';
import { accountExports, files, type AccountExportRow } from '../../db/schema/index.ts';
import { rowsOf } from '../../lib/date-range.ts';
import { newStorageKey } from '../files/files.service.ts';
import { notifyUser } from '../notifications/notifications.service.ts';

/** How long a finished export can be downloaded. */
export const EXPORT_LIFETIME_MS = 7 * 24 * 3600 * 1000;
/** An export still preparing after this was cut short (the app restarted): it shows as failed. */
const PREPARING_AT_MOST_MS = 30 * 60 * 1000;
/** The exports a person sees (and keeps): the newest few. */
const KEPT = 5;

/** Columns never exported: secrets and the store's internals. */
const SECRET_COLUMN = /(hash|secret|token|salt|password|idempotency|storage_key)/i;

export function toAccountExport(row: AccountExportRow, now = new Date()): AccountExport {
  const expired = row.status === 'ready' && row.expiresAt !== null && row.expiresAt <= now;
  const stale = row.status === 'preparing' && now.getTime() - row.createdAt.getTime() > PREPARING_AT_MOST_MS;
  return {
    id: row.id,
    status: expired ? 'expired' : stale ? 'failed' : row.status,
    size: expired ? null : row.size,
    createdAt: row.createdAt.toISOString(),
    readyAt: row.readyAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
  };
}

/** The stored zips of `userIds`' exports (they go with the account, ADR 058). */
export async function exportKeysOf(db: Db, userIds: string[]): Promise<string[]> {
  if (!userIds.length) return [];
  const rows = await db
    .select({ key: accountExports.storageKey })
    .from(accountExports)
    .where(inArray(accountExports.userId, userIds));
  return rows.flatMap((row) => (row.key ? [row.key] : []));
}

/** My exports, newest first; expired zips and those past the newest few are removed on the way. */
export async function listExports(app: FastifyInstance, userId: string): Promise<AccountExportRow[]> {
  const rows = await app.db
    .select()
    .from(accountExports)
    .where(eq(accountExports.userId, userId))
    .orderBy(desc(accountExports.createdAt));
  const now = new Date();
  const dropped = rows.slice(KEPT);
  const lapsed = rows
    .slice(0, KEPT)
    .filter((row) => row.storageKey && toAccountExport(row, now).status === 'expired');
  if (dropped.length) {
    await app.db.delete(accountExports).where(
      inArray(
        accountExports.id,
        dropped.map((row) => row.id),
      ),
    );
  }
  if (lapsed.length) {
    await app.db
      .update(accountExports)
      .set({ storageKey: null })
      .where(
        inArray(
          accountExports.id,
          lapsed.map((row) => row.id),
        ),
      );
  }
  await app.files.storage.remove(
    [...dropped, ...lapsed].flatMap((row) => (row.storageKey ? [row.storageKey] : [])),
  );
  return rows.slice(0, KEPT).map((row) => (lapsed.includes(row) ? { ...row, storageKey: null } : row));
}

/**
 * Starts an export of `userId`'s data, or answers the one already preparing. The zip is built after the
 * answer; `onClose` waits for builds in flight.
 */
export async function startExport(
  app: FastifyInstance,
  userId: string,
): Promise<{ row: AccountExportRow; started: boolean }> {
  // One cut short by a restart no longer holds the place.
  await app.db
    .update(accountExports)
    .set({ status: 'failed' })
    .where(
      and(
        eq(accountExports.userId, userId),
        eq(accountExports.status, 'preparing'),
        sql`${accountExports.createdAt} < now() - ${`${PREPARING_AT_MOST_MS / 1000} seconds`}::interval`,
      ),
    );
  const [row] = await app.db.insert(accountExports).values({ userId }).onConflictDoNothing().returning();
  if (!row) {
    const [running] = await app.db
      .select()
      .from(accountExports)
      .where(and(eq(accountExports.userId, userId), eq(accountExports.status, 'preparing')));
    if (running) return { row: running, started: false };
    throw new Error('An export was being prepared and is no longer');
  }
  const build = buildExport(app, row).catch((error: unknown) =>
    app.log.error({ err: error, exportId: row.id }, 'Could not build a data export'),
  );
  inFlight(app).add(build);
  void build.finally(() => inFlight(app).delete(build));
  return { row, started: true };
}

const builds = new WeakMap<FastifyInstance, Set<Promise<unknown>>>();

function inFlight(app: FastifyInstance): Set<Promise<unknown>> {
  let set = builds.get(app);
  if (!set) {
    set = new Set();
    builds.set(app, set);
    app.addHook('onClose', async () => {
      await Promise.allSettled([...set!]);
    });
  }
  return set;
}

type Table = { table: string; columns: string[]; via: string };

/** Every table with a foreign key to users: which column points there, and the columns to export. */
async function tablesOfUsers(db: Db): Promise<Table[]> {
  const refs = await rowsOf<{ table: string; column: string }>(
    await db.execute(sql`
      select c.conrelid::regclass::text as "table", a.attname as "column"
      from pg_constraint c
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any(c.conkey)
      where c.contype = 'f' and c.confrelid = 'users'::regclass
        and c.conrelid <> 'account_exports'::regclass
      order by 1, 2`),
  );
  const tables: Table[] = [];
  for (const { table, column } of refs) {
    const name = table.replace(/^"|"$/g, '');
    tables.push({ table: name, columns: await exportedColumns(db, name), via: column });
  }
  return tables;
}

async function exportedColumns(db: Db, table: string): Promise<string[]> {
  const columns = await rowsOf<{ column: string; type: string }>(
    await db.execute(sql`
      select column_name as "column", data_type as "type" from information_schema.columns
      where table_schema = current_schema() and table_name = ${table} and is_generated = 'NEVER'
      order by ordinal_position`),
  );
  return columns.filter((c) => !SECRET_COLUMN.test(c.column) && c.type !== 'tsvector').map((c) => c.column);
}

/** The rows of `table` where `where` holds, as JSON objects of the exported columns. */
async function rowsAsJson(db: Db, table: string, columns: string[], where: ReturnType<typeof sql>) {
  const list = sql.join(
    columns.map((c) => sql.identifier(c)),
    sql`, `,
  );
  return rowsOf<{ row: unknown }>(
    await db.execute(
      sql`select to_jsonb(t) as row from (select ${list} from ${sql.identifier(table)} where ${where}) t`,
    ),
  ).map((r) => (typeof r.row === 'string' ? (JSON.parse(r.row) as unknown) : r.row));
}

/** What is `userId`'s, as `data/<table>.json` entries (the name of each file: its table). */
export async function personalData(db: Db, userId: string): Promise<Map<string, unknown[]>> {
  const data = new Map<string, unknown[]>();
  const add = (name: string, rows: unknown[]) => {
    if (rows.length) data.set(name, [...(data.get(name) ?? []), ...rows]);
  };
  add('users', await rowsAsJson(db, 'users', await exportedColumns(db, 'users'), sql`id = ${userId}`));
  for (const { table, columns, via } of await tablesOfUsers(db)) {
    add(table, await rowsAsJson(db, table, columns, sql`${sql.identifier(via)} = ${userId}`));
  }
  // The mail in my mailbox, and the messages of the conversations I am in.
  add(
    'mail_messages',
    await rowsAsJson(
      db,
      'mail_messages',
      await exportedColumns(db, 'mail_messages'),
      sql`id in (select message_id from mail_entries where user_id = ${userId})`,
    ),
  );
  add(
    'chat_conversation_messages',
    await rowsAsJson(
      db,
      'chat_messages',
      await exportedColumns(db, 'chat_messages'),
      sql`conversation_id in (select conversation_id from chat_participants where user_id = ${userId})`,
    ),
  );
  // A row that reached me twice (a message I sent in a conversation I am in) is listed once per file.
  for (const [name, rows] of data) {
    const seen = new Set<string>();
    data.set(
      name,
      rows.filter((row) => {
        const id = (row as { id?: unknown }).id;
        if (typeof id !== 'string') return true;
        if (seen.has(id)) return false;
        seen.add(id);
        return true;
      }),
    );
  }
  return data;
}

/** Builds the zip: the data, then every stored file of mine, then stores it and tells me it is ready. */
async function buildExport(app: FastifyInstance, row: AccountExportRow): Promise<void> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'atrium-export-'));
  try {
    const zip = new yazl.ZipFile();
    const target = path.join(dir, 'export.zip');
    const written = pipeline(zip.outputStream, createWriteStream(target));
    const data = await personalData(app.db, row.userId);
    const readme = [
      'Your Atrium data',
      '',
      `Exported ${new Date().toISOString()}.`,
      'data/<table>.json: every record of yours, one file per kind (its database table), as JSON.',
      'files/: the files you stored (pictures, attachments, the file manager), as uploaded.',
      '',
    ].join('\n');
    zip.addBuffer(Buffer.from(readme), 'README.txt');
    for (const [name, rows] of data) {
      zip.addBuffer(Buffer.from(JSON.stringify(rows, null, 2)), `data/${name}.json`);
    }
    const stored = await app.db
      .select({ id: files.id, name: files.name, key: files.storageKey })
      .from(files)
      .where(eq(files.ownerId, row.userId));
    for (const file of stored) {
      const stream = await app.files.storage.read(file.key);
      if (!stream) continue;
      // One file at a time: yazl reads each stream when it reaches it.
      zip.addReadStream(stream, `files/${file.id.slice(0, 8)}-${safeName(file.name)}`);
    }
    zip.end();
    await written;
    const size = (await fs.stat(target)).size;
    const key = newStorageKey('zip');
    await app.files.storage.put(key, createReadStream(target));
    const now = new Date();
    const [saved] = await app.db
      .update(accountExports)
      .set({
        status: 'ready',
        storageKey: key,
        size,
        readyAt: now,
        expiresAt: new Date(now.getTime() + EXPORT_LIFETIME_MS),
      })
      .where(eq(accountExports.id, row.id))
      .returning({ id: accountExports.id });
    // The account went while the zip was built: it goes too.
    if (!saved) {
      await app.files.storage.remove([key]);
      return;
    }
    await notifyUser(app, row.userId, {
      type: 'account',
      title: 'Your data is ready to download',
      body: 'The link works for 7 days.',
      link: '/dashboard/user/account?tab=privacy',
    });
  } catch (error) {
    await app.db.update(accountExports).set({ status: 'failed' }).where(eq(accountExports.id, row.id));
    throw error;
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** A stored name as a zip entry: no folder separators or characters a file system refuses. */
const safeName = (name: string) =>
  [...name]
    .map((c) => (c.charCodeAt(0) < 32 || '\\/:*?"<>|'.includes(c) ? '_' : c))
    .join('')
    .slice(0, 120) || 'file';

/** Removes the zips whose link lapsed, everyone's (hourly, and when a person lists theirs). */
export async function sweepExpiredExports(app: FastifyInstance): Promise<number> {
  const lapsed = rowsOf<{ key: string }>(
    await app.db.execute(sql`
      with lapsed as (
        select id, storage_key from account_exports
        where expires_at < now() and storage_key is not null for update)
      update account_exports e set storage_key = null from lapsed where e.id = lapsed.id
      returning lapsed.storage_key as key`),
  );
  await app.files.storage.remove(lapsed.map((row) => row.key));
  return lapsed.length;
}

/** The hourly sweep of lapsed zips, stopped when the app closes; and the wait for builds in flight. */
export function scheduleExports(app: FastifyInstance): void {
  inFlight(app);
  const timer = setInterval(
    () =>
      void sweepExpiredExports(app).catch((error: unknown) =>
        app.log.warn({ err: error }, 'Export sweep failed'),
      ),
    3600 * 1000,
  );
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
