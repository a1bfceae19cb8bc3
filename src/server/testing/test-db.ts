import { randomBytes } from 'node:crypto';
import fs from 'node:fs';

import pg from 'pg';
import { inject } from 'vitest';

import { openPglite, openPostgres, type Database } from '../db/client.ts';
import './provided-context.ts';

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or, when the `server-pg` project runs
 * (ATRIUM_TEST_PG set by vitest.config.ts), a throw-away database on the PostgreSQL server named by
 * TEST_DATABASE_URL. Both start from the copy the global setup migrated once (ADR 050).
 */
/** The PostgreSQL server's database this run of the server suite uses (`server-pg`), or undefined (PGlite). */
export function testPostgresUrl(): string | undefined {
  return process.env.ATRIUM_TEST_PG;
}

export async function createTestDb(): Promise<Database> {
  return (await createTestDbs(1))[0] as Database;
}

/**
 * `count` connections to one fresh database, as several app instances would have: separate PostgreSQL
 * pools (and LISTEN connections) on the server suite's PostgreSQL run; on PGlite, which one process owns,
 * the same database each time. Closing the first drops the database.
 */
export async function createTestDbs(count: number): Promise<Database[]> {
  const url = process.env.ATRIUM_TEST_PG;
  if (!url) {
    const database = await openPglite(undefined, templateDump());
    // Already migrated: this only reads the journal (and applies what a file's own setup might add).
    await database.migrate();
    return Array.from({ length: count }, () => database);
  }
  const name = `atrium_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name} template ${inject('pgTemplate')}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openPostgres(target.toString());
  await database.migrate();
  const peers = await Promise.all(Array.from({ length: count - 1 }, () => openPostgres(target.toString())));
  return [
    {
      ...database,
      close: async () => {
        await Promise.all([database.close(), ...peers.map((peer) => peer.close())]);
        const dropper = new pg.Client({ connectionString: url });
        await dropper.connect();
        await dropper.query(`drop database if exists ${name} with (force)`);
        await dropper.end();
      },
    },
    ...peers,
  ];
}

let dump: Blob | undefined;

/** The migrated PGlite data directory, read once per worker. */
function templateDump(): Blob {
  dump ??= new Blob([fs.readFileSync(inject('pgliteTemplate'))]);
  return dump;
}
