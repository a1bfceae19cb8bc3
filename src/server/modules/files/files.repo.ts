import { and, asc, desc, eq, gt, inArray, lt, or, sql } from 'drizzle-orm';

import type { FileUse } from '#shared/contract/files.ts';

import type { Db } from '../../db/client.ts';
import { fileUploadParts, fileUploads, files, users } from '../../db/schema/index.ts';
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
  // The parts of their unfinished resumable uploads too: the rows go with the account (cascade), the
  // objects would stay in the storage with nothing pointing at them.
  const parts = await db
    .select({ key: fileUploadParts.storageKey })
    .from(fileUploadParts)
    .innerJoin(fileUploads, eq(fileUploads.id, fileUploadParts.uploadId))
    .where(inArray(fileUploads.ownerId, ownerIds));
  return [...rows, ...parts].map((r) => r.key);
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

/** Bytes the owner's stored files take (every use): what counts against their storage quota. */
export async function usedBytes(db: Db, ownerId: string): Promise<number> {
  const [row] = await db
    .select({ used: sql<string>`coalesce(sum(${files.size}), 0)` })
    .from(files)
    .where(eq(files.ownerId, ownerId));
  return Number(row?.used ?? 0);
}

/**
 * Inserts the file if the owner's stored files, with it, stay within `quotaBytes` (null: the owner's own
 * quota column holds none, so `defaultQuota` applies). The owner's row is locked for the check, so
 * concurrent uploads of one person are counted one after the other and cannot both pass. Returns the row,
 * or the quota and usage that refused it.
 */
export async function insertFileWithinQuota(
  db: Db,
  values: NewFile,
  defaultQuota: number,
): Promise<{ row: FileRow } | { refused: { quotaBytes: number; usedBytes: number } }> {
  return db.transaction(async (tx) => {
    const [owner] = await tx
      .select({ quota: users.storageQuotaBytes })
      .from(users)
      .where(eq(users.id, values.ownerId))
      .for('update');
    const quotaBytes = owner?.quota ?? defaultQuota;
    const used = await usedBytes(tx, values.ownerId);
    if (used + values.size > quotaBytes) return { refused: { quotaBytes, usedBytes: used } };
    return { row: await insertFile(tx, values) };
  });
}

/** Bytes every stored file of the instance takes, and how many there are (the file overview's locations). */
export async function storedTotals(db: Db): Promise<{ bytes: number; count: number }> {
  const [row] = await db
    .select({ bytes: sql<string>`coalesce(sum(${files.size}), 0)`, count: sql<number>`count(*)::int` })
    .from(files);
  return { bytes: Number(row?.bytes ?? 0), count: Number(row?.count ?? 0) };
}
