/** `npm run db:seed`: migrates, then adds the demo data when the database has no users yet. */
import path from 'node:path';

import { readEnv } from '../env.ts';
import { openDatabase } from './client.ts';
import { createDemoPassword, writeDemoPassword } from './seed/demo-password.ts';
import { DEMO_ADMIN, isEmpty, seedDemo } from './seed/seed.ts';

const env = readEnv();
const dataDir = path.resolve(env.DATA_DIR);
const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir });
try {
  await database.migrate();
  if (await isEmpty(database.db)) {
    const demoPassword = createDemoPassword();
    await seedDemo(database.db, {
      uploadsDir: path.join(dataDir, 'uploads'),
      demoPassword,
      currency: env.CURRENCY,
    });
    const file = writeDemoPassword(dataDir, demoPassword);
    console.log(`Demo data seeded. Sign in as ${DEMO_ADMIN.email} / ${demoPassword} (kept in ${file})`);
  } else {
    console.log('The database already has users; nothing seeded.');
  }
} finally {
  await database.close();
}
