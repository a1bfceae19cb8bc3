/** `npm run db:migrate`: applies the committed migrations to the configured database. */
import path from 'node:path';

import { readEnv } from '../env.ts';
import { openDatabase } from './client.ts';

const env = readEnv();
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: path.resolve(env.DATA_DIR) });
try {
  await database.migrate();
  console.log(`Migrations applied (${database.kind}).`);
} finally {
  await database.close();
}
