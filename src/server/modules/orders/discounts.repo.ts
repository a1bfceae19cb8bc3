import { and, desc, eq, sql } from 'drizzle-orm';

import type { Discount } from '#shared/contract/orders.ts';

import type { Db } from '../../db/client.ts';
import { discountCodes, type DiscountRow } from '../../db/schema/index.ts';
import { pagedList, type PageRequest } from '../../lib/list.ts';
import { escapeLike } from '../../lib/search.ts';

export type { DiscountRow };
export type DiscountInsert = typeof discountCodes.$inferInsert;
export type DiscountUpdate = Partial<Omit<DiscountInsert, 'id' | 'usedCount' | 'version' | 'createdAt'>>;

export function toDiscount(row: DiscountRow): Discount {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    value: row.value,
    minSubtotal: row.minSubtotal,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    usageLimit: row.usageLimit,
    usedCount: row.usedCount,
    active: row.active,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  };
}

/** Codes, newest first; `search` is part of the code. */
export function listDiscounts(db: Db, search: string, page: PageRequest) {
  const where = search
    ? sql`upper(${discountCodes.code}) like upper(${`%${escapeLike(search)}%`}) escape '\\'`
    : undefined;
  return pagedList(
    page,
    ({ limit, offset }) =>
      db
        .select()
        .from(discountCodes)
        .where(where)
        .orderBy(desc(discountCodes.createdAt), desc(discountCodes.id))
        .limit(limit)
        .offset(offset),
    () => db.$count(discountCodes, where),
  );
}

export async function findDiscount(db: Db, id: string): Promise<DiscountRow | undefined> {
  const [row] = await db.select().from(discountCodes).where(eq(discountCodes.id, id));
  return row;
}

export async function insertDiscount(db: Db, values: DiscountInsert): Promise<DiscountRow> {
  const [row] = await db.insert(discountCodes).values(values).returning();
  if (!row) throw new Error('Discount insert returned nothing');
  return row;
}

/** Writes `patch` if the code is still at `version` (the trigger raises it): undefined when it changed. */
export async function updateDiscount(
  db: Db,
  id: string,
  patch: DiscountUpdate,
  version: number,
): Promise<DiscountRow | undefined> {
  const [row] = await db
    .update(discountCodes)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(and(eq(discountCodes.id, id), eq(discountCodes.version, version)))
    .returning();
  return row;
}

/** Deletes a code; orders that used it keep its text (their link to it is cleared). */
export async function deleteDiscount(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .delete(discountCodes)
    .where(eq(discountCodes.id, id))
    .returning({ id: discountCodes.id });
  return rows.length > 0;
}
