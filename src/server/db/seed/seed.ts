import { sql } from 'drizzle-orm';

import { hashPassword } from '../../lib/passwords.ts';
import type { Db } from '../client.ts';
import { users } from '../schema/index.ts';
import { makeUser } from './factories.ts';
import { createRandom } from './random.ts';

/** The documented demo sign-in (README, sign-in page). Demo data is for trying Atrium, not for production. */
export const DEMO_ADMIN = {
  email: 'demo@atrium.dev',
  password: 'atrium-demo-2026',
  firstName: 'Jaydon',
  lastName: 'Frankie',
} as const;

export const DEMO_USER_COUNT = 20;
const SEED = 20_260_101;

export async function isEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  return !row || Number(row.n) === 0;
}

/**
 * Demo data with a fixed seed: one demo admin and DEMO_USER_COUNT demo users (all with the demo password).
 * Later domains add their own demo rows here.
 */
export async function seedDemo(db: Db): Promise<void> {
  const random = createRandom(SEED);
  const passwordHash = await hashPassword(DEMO_ADMIN.password);
  await db.transaction(async (tx) => {
    await tx.insert(users).values({
      email: DEMO_ADMIN.email,
      firstName: DEMO_ADMIN.firstName,
      lastName: DEMO_ADMIN.lastName,
      passwordHash,
      role: 'admin',
      emailVerified: true,
    });
    const demoUsers = Array.from({ length: DEMO_USER_COUNT }, (_, i) => ({
      ...makeUser(random, i + 1),
      passwordHash,
    }));
    await tx.insert(users).values(demoUsers);
  });
}
