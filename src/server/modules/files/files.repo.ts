import { and, asc, desc, eq, gt, inArray, lt, or } from 'drizzle-orm';

import type { FileUse } from '#shared/contract/files.ts';

import type { Db } from '../../db/client.ts';
import { files } from '../../db/schema/index.ts';
import { pagedList, type PageRequest } from '../../lib/list.ts';

export type FileRow = typeof files.$inferSelect;
export type NewFile = typeof files.$inferInsert;

export async function insertFile(db: Db, values: NewFile): Promise<FileRow> {
  const [row] = await db.insert(files).values(values).returning();
  if (!row) throw new Error('File insert returned nothing');
  return row;
}

export async function findFile(db: Db, id: string): Promise<FileRow | undefined> {
  const [row] = await db.select().from(files).where(eq(files.id, id));
  return row;
}

export async function findFileByKey(db: Db, storageKey: string): Promise<FileRow | undefined> {
  const [row] = await db.select().from(files).where(eq(files.storageKey, storageKey));
  return row;
}

/** One page of an owner's files of some uses, newest first. */
export function listOwnFiles(db: Db, ownerId: string, uses: readonly FileUse[], q: PageRequest) {
  const where = and(eq(files.ownerId, ownerId), inArray(files.use, [...uses]));
  return pagedList(
    q,
    ({ limit, offset }) =>
      db
        .select()
        .from(files)
        .where(where)
        .orderBy(desc(files.createdAt), desc(files.id))
        .limit(limit)
        .offset(offset),
    () => db.$count(files, where),
  );
}

/** Deletes one of the owner's files (of the given uses); undefined when it is not theirs. */
export async function deleteOwnFile(
  db: Db,
  ownerId: string,
  id: string,
  uses: readonly FileUse[],
): Promise<FileRow | undefined> {
  const [row] = await db
    .delete(files)
    .where(and(eq(files.id, id), eq(files.ownerId, ownerId), inArray(files.use, [...uses])))
    .returning();
  return row;
}

/** The storage keys of everything the given owners stored (read before their accounts are deleted). */
export async function storageKeysOfOwners(db: Db, ownerIds: string[]): Promise<string[]> {
  if (!ownerIds.length) return [];
  const rows = await db.select({ key: files.storageKey }).from(files).where(inArray(files.ownerId, ownerIds));
  return rows.map((r) => r.key);
}

/**
 * Files of a use stored before `before`, oldest first, after the `after` position (a page of the
 * unlinked-upload sweep, keyset by creation time and id).
 */
export async function filesOfUseBefore(
  db: Db,
  use: FileUse,
  before: Date,
  limit: number,
  after?: { createdAt: Date; id: string },
): Promise<FileRow[]> {
  return db
    .select()
    .from(files)
    .where(
      and(
        eq(files.use, use),
        lt(files.createdAt, before),
        after
          ? or(
              gt(files.createdAt, after.createdAt),
              and(eq(files.createdAt, after.createdAt), gt(files.id, after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(asc(files.createdAt), asc(files.id))
    .limit(limit);
}

/** Deletes file rows by id; returns the storage keys of those deleted. */
export async function deleteFiles(db: Db, ids: readonly string[]): Promise<string[]> {
  if (!ids.length) return [];
  const rows = await db
    .delete(files)
    .where(inArray(files.id, [...ids]))
    .returning({ key: files.storageKey });
  return rows.map((r) => r.key);
}
