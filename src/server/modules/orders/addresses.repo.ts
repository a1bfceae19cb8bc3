import { and, desc, eq, sql } from 'drizzle-orm';

import { ADDRESSES_MAX, type AddressType } from '#shared/contract/orders.ts';

import type { Db } from '../../db/client.ts';
import { addresses, users, type AddressRow } from '../../db/schema/index.ts';

export type { AddressRow };

export interface AddressFields {
  name: string;
  phoneNumber: string;
  fullAddress: string;
  street: string;
  city: string;
  state: string;
  zipCode: string;
  country: string;
  addressType: AddressType;
}

/** The person's addresses: the default first, then the newest. */
export function listAddresses(db: Db, userId: string): Promise<AddressRow[]> {
  return db
    .select()
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(desc(addresses.isPrimary), desc(addresses.createdAt), desc(addresses.id));
}

/** The person's address with this id (someone else's is none). */
export async function findAddress(db: Db, userId: string, id: string): Promise<AddressRow | undefined> {
  const [row] = await db
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)));
  return row;
}

/**
 * Changes to one person's book wait for each other (a lock on their user row, which nothing else of theirs
 * takes for long), so "exactly one default" and the book's limit hold under concurrent requests.
 */
async function lockBook(tx: Db, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
}

const unsetPrimary = (tx: Db, userId: string) =>
  tx
    .update(addresses)
    .set({ isPrimary: false })
    .where(and(eq(addresses.userId, userId), eq(addresses.isPrimary, true)));

/** Adds an address; the first one, or one marked `primary`, becomes the default. 'full' at ADDRESSES_MAX. */
export async function createAddress(
  db: Db,
  userId: string,
  fields: AddressFields,
  primary: boolean,
): Promise<AddressRow | 'full'> {
  return db.transaction(async (tx) => {
    await lockBook(tx, userId);
    const count = await tx.$count(addresses, eq(addresses.userId, userId));
    if (count >= ADDRESSES_MAX) return 'full';
    const isPrimary = primary || count === 0;
    if (isPrimary && count > 0) await unsetPrimary(tx, userId);
    const [row] = await tx
      .insert(addresses)
      .values({ ...fields, userId, isPrimary })
      .returning();
    if (!row) throw new Error('Address insert returned nothing');
    return row;
  });
}

/**
 * Changes the address (undefined when it is not the person's); `primary: true` makes it the default and
 * the previous default an ordinary address.
 */
export async function updateAddress(
  db: Db,
  userId: string,
  id: string,
  patch: Partial<AddressFields>,
  makePrimary: boolean,
): Promise<AddressRow | undefined> {
  return db.transaction(async (tx) => {
    await lockBook(tx, userId);
    const current = await findAddress(tx, userId, id);
    if (!current) return undefined;
    if (makePrimary && !current.isPrimary) await unsetPrimary(tx, userId);
    const [row] = await tx
      .update(addresses)
      .set({ ...patch, ...(makePrimary && { isPrimary: true }), updatedAt: sql`now()` })
      .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
      .returning();
    return row;
  });
}

/** Deletes the address (false when it is not the person's); the newest other one becomes the default. */
export async function deleteAddress(db: Db, userId: string, id: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    await lockBook(tx, userId);
    const [gone] = await tx
      .delete(addresses)
      .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
      .returning({ isPrimary: addresses.isPrimary });
    if (!gone) return false;
    if (gone.isPrimary) {
      await tx.execute(sql`
        update ${addresses} set is_primary = true
        where id = (select id from ${addresses} where user_id = ${userId}::uuid
          order by created_at desc, id desc limit 1)`);
    }
    return true;
  });
}
