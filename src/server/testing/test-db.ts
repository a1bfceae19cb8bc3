import { randomBytes } from 'node:crypto';

import pg from 'pg';

import { openPglite, openPostgres, type Database } from '../db/client.ts';

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or, when the `server-pg` project runs
 * (ATRIUM_TEST_PG set by vitest.config.ts), a throw-away database on the PostgreSQL server named by
 * TEST_DATABASE_URL.
 */
export async function createTestDb(): Promise<Database> {
  const url = process.env.ATRIUM_TEST_PG;
  if (!url) {
    const database = await openPglite();
    await database.migrate();
    return database;
  }
  const name = `atrium_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openPostgres(target.toString());
  await database.migrate();
  return {
    ...database,
    close: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
