import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';

import { createTestDb, testPostgresUrl } from '../testing/test-db.ts';
import { openPostgres } from './client.ts';

/**
 * The PostgreSQL pool when the server ends its connections (a restart, a failover, an administrator):
 * `bench:faults` found that a connection ended while a transaction held it, between two statements,
 * crashed the process with an unhandled 'error' event.
 */
describe('the database connection when the server ends it', () => {
  it('fails the transaction that held it, keeps the process up, and serves the next query', async () => {
    const url = testPostgresUrl();
    if (!url) {
      // PGlite (the `server` project): one connection inside this process, which no server can end.
      const database = await createTestDb();
      expect(await database.ping()).toBe(true);
      await database.close();
      return;
    }
    const errors: Error[] = [];
    const database = await openPostgres(url, (error) => errors.push(error));
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      const held = database.db.transaction(async (tx) => {
        const result = (await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as {
          rows: Array<{ pid: number }>;
        };
        await admin.query('select pg_terminate_backend($1)', [result.rows[0]!.pid]);
        // Checked out, no statement running: the server's goodbye reaches the client as an 'error' event.
        await new Promise((resolve) => setTimeout(resolve, 500));
        await tx.execute(sql`select 1`);
      });
      await expect(held).rejects.toThrow();
      expect(errors.map((error) => error.message).join(' ')).toMatch(/terminat/i);
      // A fresh connection for what comes next.
      expect(await database.ping()).toBe(true);
    } finally {
      await admin.end();
      await database.close();
    }
  });
});
