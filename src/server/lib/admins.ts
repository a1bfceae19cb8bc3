import { and, eq } from 'drizzle-orm';

import type { Db } from '../db/client.ts';
import { users } from '../db/schema/index.ts';

/** The ids of the active administrators: who hears of every order, post to moderate, account to approve. */
export async function activeAdminIds(db: Db): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.status, 'active')));
  return rows.map((r) => r.id);
}
