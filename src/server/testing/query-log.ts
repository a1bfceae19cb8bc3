import { PGlite } from '@electric-sql/pglite';
import type { Logger } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type pg from 'pg';

import type { Database, Db } from '../db/client.ts';
import * as schema from '../db/schema/index.ts';

/**
 * `database` seen through a second Drizzle instance over the same driver client that writes down every
 * statement it sends, for tests that keep a path's number of queries in check. `begin`, `commit` and
 * `rollback` are left out (node-postgres sends them as statements, PGlite does not), so the count is the
 * same on both databases. `pg_notify` sent by `Database.notify` goes round Drizzle and is not counted.
 */
export function withQueryLog(database: Database): { database: Database; statements: string[] } {
  const statements: string[] = [];
  const logger: Logger = {
    logQuery(query) {
      if (!/^\s*(begin|commit|rollback)\b/i.test(query)) statements.push(query);
    },
  };
  const client = (database.db as unknown as { $client: PGlite | pg.Pool }).$client;
  const config = { schema, casing: 'snake_case', logger } as const;
  const db = (client instanceof PGlite
    ? drizzlePglite({ client, ...config })
    : drizzlePg({ client, ...config })) as unknown as Db;
  return { database: { ...database, db }, statements };
}
