import { and, eq, notInArray } from 'drizzle-orm';

import type { Db } from '../db/client.ts';
import { users } from '../db/schema/index.ts';

/** An active administrator: the one condition every question about "the administrators" asks. */
export const isActiveAdminRow = and(eq(users.role, 'admin'), eq(users.status, 'active'));

/** The ids of the active administrators: who hears of every order, post to moderate, account to approve. */
export async function activeAdminIds(db: Db): Promise<string[]> {
  const rows = await db.select({ id: users.id }).from(users).where(isActiveAdminRow);
  return rows.map((r) => r.id);
}

/** Whether an active administrator other than `excludeIds` exists (the last one may not step down). */
export async function otherActiveAdminExists(db: Db, excludeIds: string[]): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(isActiveAdminRow, excludeIds.length ? notInArray(users.id, excludeIds) : undefined))
    .limit(1);
  return row !== undefined;
}
