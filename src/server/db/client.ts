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

import { acquireDirLock, type DirLock } from '../lib/dir-lock.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** The one database type every repository takes: PGlite and node-postgres both satisfy it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /** True when a trivial query answers. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../drizzle');
const drizzleConfig = { schema, casing: 'snake_case' } as const;

/** Embedded PostgreSQL. `dataDir` undefined = in memory (tests). */
export async function openPglite(dataDir?: string): Promise<Database> {
  let lock: DirLock | undefined;
  if (dataDir) {
    fs.mkdirSync(dataDir, { recursive: true });
    // PGlite has no lock of its own: two processes on one directory corrupt it (SECURITY.md §0.7).
    lock = acquireDirLock(dataDir);
  }
  let client: PGlite;
  try {
    client = await PGlite.create(dataDir);
  } catch (error) {
    lock?.release();
    throw error;
  }
  const db = drizzlePglite({ client, ...drizzleConfig });
  let closed = false;
  return {
    db: db as unknown as Db,
    kind: 'pglite',
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
  const db = drizzlePg({ client: pool, ...drizzleConfig });
  let closed = false;
  return {
    db: db as unknown as Db,
    kind: 'postgres',
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
      await pool.end();
    },
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
