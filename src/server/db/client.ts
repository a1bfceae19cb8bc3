import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';

import { EventEmitter } from 'node:events';

import { acquireDirLock, type DirLock } from '../lib/dir-lock.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** The one database type every repository takes: PGlite and node-postgres both satisfy it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** A message on a notification channel: its payload, as sent. */
export type ChannelListener = (payload: string) => void;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Delivers `payload` (under 8,000 bytes) to every `listen`er of `channel`: on PostgreSQL through
   * `NOTIFY`, so every instance on the server hears it; on PGlite within this process.
   */
  notify(channel: string, payload: string): Promise<void>;
  /**
   * Calls `listener` for every payload on `channel`. On PostgreSQL one dedicated connection listens; when it
   * drops (or cannot connect at start) it tries again with backoff and calls `onReconnect` once back, since
   * messages sent meanwhile are lost.
   * Resolves to a function that stops listening.
   */
  listen(channel: string, listener: ChannelListener, onReconnect?: () => void): Promise<() => Promise<void>>;
  migrate(): Promise<void>;
  /** True when a trivial query answers. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

/** The SQL migrations, applied in order by `migrate()`. */
export const migrationsFolder = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../drizzle',
);
const drizzleConfig = { schema, casing: 'snake_case' } as const;

/**
 * Embedded PostgreSQL. `dataDir` undefined = in memory (tests). `loadDataDir`, a dump made by PGlite's
 * `dumpDataDir`, starts it from a copy (the test suites' migrated template, ADR 050).
 */
export async function openPglite(dataDir?: string, loadDataDir?: Blob): Promise<Database> {
  let lock: DirLock | undefined;
  if (dataDir) {
    fs.mkdirSync(dataDir, { recursive: true });
    // PGlite has no lock of its own: two processes on one directory corrupt it (SECURITY.md §0.7).
    lock = acquireDirLock(dataDir);
  }
  let client: PGlite;
  try {
    client = await PGlite.create({ dataDir, loadDataDir });
  } catch (error) {
    lock?.release();
    throw error;
  }
  const db = drizzlePglite({ client, ...drizzleConfig });
  let closed = false;
  // One process owns an embedded database: its channels never leave it.
  const channels = new EventEmitter().setMaxListeners(0);
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    notify: async (channel, payload) => {
      channels.emit(channel, payload);
    },
    listen: async (channel, listener) => {
      channels.on(channel, listener);
      return async () => void channels.off(channel, listener);
    },
    migrate: () => migratePglite(db, { migrationsFolder }),
    ping: async () => {
      if (closed) return false;
      try {
        await client.query('select 1');
        return true;
      } catch {
        return false;
      }
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await client.close();
      lock?.release();
    },
  };
}

/** A PostgreSQL server through node-postgres. */
export async function openPostgres(
  connectionString: string,
  onPoolError: (error: Error) => void = () => {},
): Promise<Database> {
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  });
  // Without a listener an idle client's error (a PostgreSQL restart) crashes the process (SECURITY.md §0.5).
  pool.on('error', onPoolError);
  // The pool listens only while a client is idle: one checked out (a transaction between two statements)
  // that the server ends would emit 'error' with no listener, and the process would crash. Each client keeps
  // a listener of its own; its next query fails, and the pool drops it on release (bench:faults found it).
  pool.on('connect', (client) => client.on('error', onPoolError));
  const db = drizzlePg({ client: pool, ...drizzleConfig });
  let closed = false;
  const listeners = new Set<() => Promise<void>>();
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    notify: async (channel, payload) => {
      await pool.query('select pg_notify($1, $2)', [channel, payload]);
    },
    listen: async (channel, listener, onReconnect) => {
      const stop = await listenOn(connectionString, channel, listener, onReconnect, onPoolError);
      listeners.add(stop);
      return async () => {
        listeners.delete(stop);
        await stop();
      };
    },
    migrate: async () => {
      // One instance migrates at a time when several start together.
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock(727274)');
        await migratePg(drizzlePg({ client, ...drizzleConfig }), { migrationsFolder });
      } finally {
        await client.query('select pg_advisory_unlock(727274)').catch(() => {});
        client.release();
      }
    },
    ping: async () => {
      if (closed) return false;
      try {
        await db.execute(sql`select 1`);
        return true;
      } catch {
        return false;
      }
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await Promise.all([...listeners].map((stop) => stop()));
      await pool.end();
    },
  };
}

/**
 * A connection of its own that LISTENs on `channel` (a pooled one would be handed to queries). When it drops
 * (a PostgreSQL restart, a network cut) it connects again after 0.5, 1, 2 … 30 s and calls `onReconnect`.
 */
async function listenOn(
  connectionString: string,
  channel: string,
  listener: ChannelListener,
  onReconnect: (() => void) | undefined,
  onError: (error: Error) => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString, connectionTimeoutMillis: 5_000, keepAlive: true });
    next.on('notification', (message) => {
      if (message.channel === channel) listener(message.payload ?? '');
    });
    next.on('error', (error) => {
      onError(error);
      reconnect();
    });
    next.on('end', () => reconnect());
    await next.connect();
    await next.query(`LISTEN ${next.escapeIdentifier(channel)}`);
    client = next;
    failures = 0;
  };
  const reconnect = () => {
    if (stopped || retry) return;
    client?.removeAllListeners('end');
    void client?.end().catch(() => {});
    client = undefined;
    const delay = Math.min(30_000, 500 * 2 ** failures++);
    retry = setTimeout(() => {
      retry = undefined;
      connect().then(
        () => onReconnect?.(),
        (error: Error) => {
          onError(error);
          reconnect();
        },
      );
    }, delay);
  };

  // A server that is down at start is not fatal: the app answers 503 meanwhile and listens once it is back.
  await connect().catch((error: Error) => {
    onError(error);
    reconnect();
  });
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const last = client;
    client = undefined;
    last?.removeAllListeners('end');
    await last?.end().catch(() => {});
  };
}

export function openDatabase(options: {
  databaseUrl?: string | undefined;
  dataDir?: string | undefined;
  onPoolError?: (error: Error) => void;
}): Promise<Database> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.onPoolError)
    : openPglite(options.dataDir ? path.join(options.dataDir, 'pglite') : undefined);
}
