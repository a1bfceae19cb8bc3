/** `npm run db:seed`: migrates, then adds the demo data when the database has no users yet. */
import path from 'node:path';

import { readEnv } from '../env.ts';
import { openDatabase } from './client.ts';
import { DEMO_ADMIN, isEmpty, seedDemo } from './seed/seed.ts';

const env = readEnv();
const dataDir = path.resolve(env.DATA_DIR);
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir });
try {
  await database.migrate();
  if (await isEmpty(database.db)) {
    await seedDemo(database.db, { uploadsDir: path.join(dataDir, 'uploads') });
    console.log(`Demo data seeded. Sign in as ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password}`);
  } else {
    console.log('The database already has users; nothing seeded.');
  }
} finally {
  await database.close();
}
