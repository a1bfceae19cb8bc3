/**
 * The file manager's tree (issue 27, ADR 046): the queries. Items, their versions, shares, favourites, views
 * and activity; the service (files.tree.ts) holds the rules.
 */
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';

import type { FileAccess, FileAction, ShareRole } from '#shared/contract/files.ts';

import type { Db } from '../../db/client.ts';
import {
  fileActivity,
  fileFavourites,
  fileItems,
  fileLinks,
  fileShares,
  files,
  fileVersions,
  users,
} from '../../db/schema/index.ts';

export type ItemRow = typeof fileItems.$inferSelect;
export type NewItem = typeof fileItems.$inferInsert;

/** A uuid[] literal of bound parameters (drizzle would spread a plain array into a list). */
export function uuidArray(ids: readonly string[]): SQL {
  if (!ids.length) return sql`'{}'::uuid[]`;
  return sql`array[${sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  )}]::uuid[]`;
}

export const personName = sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`;

export interface Person {
  id: string;
  name: string;
  avatarUrl: string | null;
}

export async function peopleByIds(db: Db, ids: readonly string[]): Promise<Map<string, Person>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await db
    .select({ id: users.id, name: personName, avatarUrl: users.avatarUrl })
    .from(users)
    .where(inArray(users.id, unique));
  return new Map(rows.map((r) => [r.id, r]));
}

/** The caller's shares: item id → role (a person has few; every visibility check starts from them). */
export async function sharesOf(db: Db, userId: string): Promise<Map<string, ShareRole>> {
  const rows = await db
    .select({ itemId: fileShares.itemId, role: fileShares.role })
    .from(fileShares)
    .where(eq(fileShares.userId, userId));
  return new Map(rows.map((r) => [r.itemId, r.role]));
}

/** The access a person's shares give to an item of someone else's (null: none). */
export function sharedAccess(item: Pick<ItemRow, 'id' | 'ancestors'>, shares: Map<string, ShareRole>) {
  let best: ShareRole | null = null;
  for (const id of [item.id, ...item.ancestors]) {
    const role = shares.get(id);
    if (role === 'edit') return 'edit';
    if (role) best = role;
  }
  return best;
}

export function accessOf(
  userId: string,
  item: Pick<ItemRow, 'id' | 'ancestors' | 'ownerId' | 'deletedAt'>,
  shares: Map<string, ShareRole>,
): FileAccess | null {
  if (item.ownerId === userId) return 'owner';
  if (item.deletedAt) return null;
  return sharedAccess(item, shares);
}

/**
 * What the caller may see, as SQL over `file_items`: their own items, and the live items shared with them
 * or under a folder shared with them.
 */
export function visibleTo(userId: string, shares: Map<string, ShareRole>, ownTrash = false): SQL {
  const ids = [...shares.keys()];
  const own = ownTrash
    ? eq(fileItems.ownerId, userId)
    : and(eq(fileItems.ownerId, userId), sql`${fileItems.deletedAt} is null`);
  if (!ids.length) return own!;
  return sql`(${own} or (${fileItems.deletedAt} is null and (${fileItems.id} = any(${uuidArray(ids)}) or ${fileItems.ancestors} && ${uuidArray(ids)})))`;
}

export async function findItem(db: Db, id: string): Promise<ItemRow | undefined> {
  const [row] = await db.select().from(fileItems).where(eq(fileItems.id, id));
  return row;
}

export async function findItems(db: Db, ids: readonly string[]): Promise<ItemRow[]> {
  if (!ids.length) return [];
  return db
    .select()
    .from(fileItems)
    .where(inArray(fileItems.id, [...ids]));
}

/** Locks the owner's row: changes of one tree (and of one person's quota) happen one after the other. */
export async function lockOwner(db: Db, ownerId: string): Promise<void> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, ownerId)).for('update');
}

/** The live item named `name` (ignoring case) in a folder of `ownerId` (null: the root). */
export async function itemNamed(
  db: Db,
  ownerId: string,
  parentId: string | null,
  name: string,
): Promise<ItemRow | undefined> {
  const [row] = await db
    .select()
    .from(fileItems)
    .where(
      and(
        eq(fileItems.ownerId, ownerId),
        parentId ? eq(fileItems.parentId, parentId) : sql`${fileItems.parentId} is null`,
        sql`${fileItems.deletedAt} is null`,
        sql`lower(${fileItems.name}) = lower(${name})`,
      ),
    );
  return row;
}

/** The names in a folder starting with `prefix` (ignoring case), lower-cased. */
export async function namesLike(
  db: Db,
  ownerId: string,
  parentId: string | null,
  prefix: string,
): Promise<Set<string>> {
  const escaped = prefix.toLowerCase().replace(/[\\%_]/g, '\\$&');
  const rows = await db
    .select({ name: sql<string>`lower(${fileItems.name})` })
    .from(fileItems)
    .where(
      and(
        eq(fileItems.ownerId, ownerId),
        parentId ? eq(fileItems.parentId, parentId) : sql`${fileItems.parentId} is null`,
        sql`${fileItems.deletedAt} is null`,
        sql`lower(${fileItems.name}) like ${`${escaped}%`}`,
      ),
    );
  return new Set(rows.map((r) => r.name));
}

export async function insertItem(db: Db, values: NewItem): Promise<ItemRow> {
  const [row] = await db.insert(fileItems).values(values).returning();
  if (!row) throw new Error('Item insert returned nothing');
  return row;
}

/** The ids of an item's subtree (itself first), trashed parts included when `withTrashed`. */
export async function subtreeIds(db: Db, rootId: string): Promise<string[]> {
  const rows = await db
    .select({ id: fileItems.id })
    .from(fileItems)
    .where(sql`${fileItems.id} = ${rootId}::uuid or ${rootId}::uuid = any(${fileItems.ancestors})`);
  return rows.map((r) => r.id);
}

/**
 * Rewrites the ancestors of everything under `item` after it moved: `ancestors` of the item were `oldLength`
 * long and are now `newAncestors`.
 */
export async function reparentSubtree(
  db: Db,
  itemId: string,
  oldLength: number,
  newAncestors: readonly string[],
  extra: SQL | undefined = undefined,
): Promise<void> {
  await db
    .update(fileItems)
    .set({
      ancestors: sql`${uuidArray(newAncestors)} || ${fileItems.ancestors}[${sql.raw(String(oldLength + 1))}:]`,
    })
    .where(and(sql`${itemId}::uuid = any(${fileItems.ancestors})`, extra));
}

export async function logActivity(
  db: Db,
  entries: {
    itemId: string;
    actorId: string | null;
    action: FileAction;
    details?: Record<string, string | number | boolean | null>;
  }[],
): Promise<void> {
  if (!entries.length) return;
  await db.insert(fileActivity).values(entries.map((e) => ({ ...e, details: e.details ?? {} })));
}

export type VersionRow = typeof fileVersions.$inferSelect;

export async function versionsOf(db: Db, itemId: string) {
  return db
    .select({ version: fileVersions, file: files })
    .from(fileVersions)
    .innerJoin(files, eq(files.id, fileVersions.fileId))
    .where(eq(fileVersions.itemId, itemId))
    .orderBy(sql`${fileVersions.number} desc`);
}

export async function nextVersionNumber(db: Db, itemId: string): Promise<number> {
  const [row] = await db
    .select({ max: sql<number>`coalesce(max(${fileVersions.number}), 0)::int` })
    .from(fileVersions)
    .where(eq(fileVersions.itemId, itemId));
  return (row?.max ?? 0) + 1;
}

/** Items' favourite flags for one person. */
export async function favouritesAmong(db: Db, userId: string, ids: readonly string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await db
    .select({ id: fileFavourites.itemId })
    .from(fileFavourites)
    .where(and(eq(fileFavourites.userId, userId), inArray(fileFavourites.itemId, [...ids])));
  return new Set(rows.map((r) => r.id));
}

/** Direct shares of items, oldest first, with the people. */
export async function directShares(db: Db, ids: readonly string[]) {
  if (!ids.length) return [];
  return db
    .select({
      itemId: fileShares.itemId,
      role: fileShares.role,
      createdAt: fileShares.createdAt,
      user: { id: users.id, name: personName, avatarUrl: users.avatarUrl },
    })
    .from(fileShares)
    .innerJoin(users, eq(users.id, fileShares.userId))
    .where(inArray(fileShares.itemId, [...ids]))
    .orderBy(fileShares.createdAt, users.id);
}

/** Items among `ids` with a live link. */
export async function linkedAmong(db: Db, ids: readonly string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await db
    .selectDistinct({ id: fileLinks.itemId })
    .from(fileLinks)
    .where(
      and(
        inArray(fileLinks.itemId, [...ids]),
        sql`(${fileLinks.expiresAt} is null or ${fileLinks.expiresAt} > now())`,
      ),
    );
  return new Set(rows.map((r) => r.id));
}

export async function versionCounts(db: Db, ids: readonly string[]): Promise<Map<string, number>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: fileVersions.itemId, n: sql<number>`count(*)::int` })
    .from(fileVersions)
    .where(inArray(fileVersions.itemId, [...ids]))
    .groupBy(fileVersions.itemId);
  return new Map(rows.map((r) => [r.id, r.n]));
}

/** The people to tell about a change in `folderId` (and to `itemIds`): the owner and everyone shared in. */
export async function audienceOf(
  db: Db,
  ownerId: string,
  folder: Pick<ItemRow, 'id' | 'ancestors'> | null,
  itemIds: readonly string[] = [],
): Promise<string[]> {
  const scope = [...(folder ? [folder.id, ...folder.ancestors] : []), ...itemIds];
  if (!scope.length) return [ownerId];
  const rows = await db
    .selectDistinct({ id: fileShares.userId })
    .from(fileShares)
    .where(inArray(fileShares.itemId, scope));
  return [...new Set([ownerId, ...rows.map((r) => r.id)])];
}
