/**
 * The file manager's rules (issue 27 A, ADR 046): who sees and changes what, names unique within a folder,
 * moves without cycles, the trash, versions, and what the API shows of an item. Every write locks the
 * owner's row first (lockOwner), so the changes of one tree, and the quota checks of one person, happen one
 * after the other; the unique index on names settles what still races.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import path from 'node:path';

import { and, asc, desc, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

import {
  FILE_VERSIONS_KEPT_DEFAULT,
  FOLDER_DEPTH_MAX,
  fileKindOf,
  TRASH_RETENTION_DAYS_DEFAULT,
  type Breadcrumb,
  type FileAccess,
  type FileItem,
  type FileKind,
  type FileListQuery,
  type PlaceOutcome,
} from '#shared/contract/files.ts';
import type { fileListQuery } from '#shared/contract/files.ts';

import type { Db } from '../../db/client.ts';
import { fileFavourites, fileItems, files, fileVersions, fileViews, users } from '../../db/schema/index.ts';
import { pagedList } from '../../lib/list.ts';
import { HttpError, conflict, forbidden, notFound } from '../../lib/http-error.ts';
import { isUniqueViolation } from '../../plugins/errors.ts';
import { workspaceSettings } from '../workspace/workspace.service.ts';
import { deleteFiles, type FileRow } from './files.repo.ts';
import { LINK_MAX_SECONDS, LINK_WINDOW_SECONDS } from './files.service.ts';
import { defaultQuota, overQuota } from './quota.ts';
import {
  accessOf,
  audienceOf,
  directShares,
  favouritesAmong,
  findItem,
  findItems,
  insertItem,
  itemNamed,
  linkedAmong,
  lockOwner,
  logActivity,
  namesLike,
  nextVersionNumber,
  peopleByIds,
  reparentSubtree,
  sharesOf,
  subtreeIds,
  uuidArray,
  versionCounts,
  visibleTo,
  type ItemRow,
  type Person,
} from './files.tree.repo.ts';
import { newStorageKey } from './storage.ts';

export type { ItemRow } from './files.tree.repo.ts';

type App = FastifyInstance;
type ListQuery = ReturnType<(typeof fileListQuery)['parse']>;
export type { FileListQuery };

const NAME_UNIQUE = 'file_items_name_unique';
const itemNotFound = () => notFound('File or folder not found');
const nameTaken = (name: string) =>
  new HttpError(409, `An item named “${name}” is already in this folder`, { code: 'NAME_TAKEN' });
const viewOnly = () => forbidden('You can only view this');

// ── settings ────────────────────────────────────────────────────────────────────────────────────────────

export async function fileSettings(app: App) {
  const settings = await workspaceSettings(app);
  return {
    versionsKept: settings.fileVersionsKept ?? FILE_VERSIONS_KEPT_DEFAULT,
    trashDays: settings.trashRetentionDays ?? TRASH_RETENTION_DAYS_DEFAULT,
  };
}

// ── access ──────────────────────────────────────────────────────────────────────────────────────────────

export interface Found {
  item: ItemRow;
  access: FileAccess;
}

const rank: Record<FileAccess, number> = { view: 0, edit: 1, owner: 2 };

/**
 * The item and the caller's access to it, if at least `need`; 404 when they may not see it (or it is
 * in someone else's trash), 403 when they see it but may not do this.
 */
export async function requireItem(
  db: Db,
  userId: string,
  id: string,
  need: FileAccess = 'view',
  options: { trashed?: boolean } = {},
): Promise<Found> {
  const item = await findItem(db, id);
  if (!item) throw itemNotFound();
  const access = accessOf(userId, item, await sharesOf(db, userId));
  if (!access) throw itemNotFound();
  if (Boolean(item.deletedAt) !== Boolean(options.trashed)) throw itemNotFound();
  if (rank[access] < rank[need])
    throw need === 'owner' ? forbidden('Only the owner can do this') : viewOnly();
  return { item, access };
}

/** A folder to put things in: the caller's root (null), or a live folder they may edit. */
export async function requireTarget(db: Db, userId: string, parentId: string | null): Promise<Target> {
  if (!parentId) return { ownerId: userId, folder: null };
  const { item } = await requireItem(db, userId, parentId, 'edit');
  if (item.type !== 'folder') throw itemNotFound();
  return { ownerId: item.ownerId, folder: item };
}

export interface Target {
  ownerId: string;
  folder: ItemRow | null;
}

const ancestorsUnder = (folder: ItemRow | null) => (folder ? [...folder.ancestors, folder.id] : []);

// ── names ───────────────────────────────────────────────────────────────────────────────────────────────

/** `report.pdf` → `report (2).pdf`, the first number free in the folder. */
export async function freeName(db: Db, target: Target, name: string, isFolder: boolean): Promise<string> {
  const ext = isFolder ? '' : path.extname(name);
  const base = ext && ext !== name ? name.slice(0, -ext.length) : name;
  const taken = await namesLike(db, target.ownerId, target.folder?.id ?? null, base);
  if (!taken.has(name.toLowerCase())) return name;
  for (let n = 2; ; n++) {
    const candidate = `${base} (${n})${ext}`;
    if (!taken.has(candidate.toLowerCase())) return candidate;
  }
}

async function insertNamed(db: Db, values: Parameters<typeof insertItem>[1]): Promise<ItemRow> {
  try {
    return await db.transaction(async (tx) => insertItem(tx, values));
  } catch (error) {
    if (isUniqueViolation(error, NAME_UNIQUE)) throw nameTaken(values.name);
    throw error;
  }
}

// ── signed content links ────────────────────────────────────────────────────────────────────────────────

const itemSignature = (secret: Uint8Array, id: string, userId: string, exp: number) =>
  createHmac('sha256', secret).update(`file-item:${id}:${userId}:${exp}`).digest('base64url');

/**
 * A content link of an item for one person: like the files block's links (2½ to 5 minutes), but naming the
 * person, whose access the content route checks again on every request.
 */
export function itemContentUrl(
  secret: Uint8Array,
  itemId: string,
  userId: string,
  extra: Record<string, string> = {},
  now = Date.now(),
): string {
  const exp = (Math.floor(now / 1000 / LINK_WINDOW_SECONDS) + 2) * LINK_WINDOW_SECONDS;
  const query = new URLSearchParams({
    u: userId,
    exp: String(exp),
    sig: itemSignature(secret, itemId, userId, exp),
    ...extra,
  });
  return `/api/files/items/${itemId}/content?${query.toString()}`;
}

export function validItemLink(
  secret: Uint8Array,
  itemId: string,
  userId: string,
  exp: number,
  sig: string,
  now = Date.now(),
): boolean {
  if (exp * 1000 <= now || exp * 1000 > now + LINK_MAX_SECONDS * 1000 + 1000) return false;
  const expected = Buffer.from(itemSignature(secret, itemId, userId, exp));
  const given = Buffer.from(sig);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

// ── the API's view ──────────────────────────────────────────────────────────────────────────────────────

const SHARED_SHOWN = 5;

/** Items as the API shows them to `userId` (one query per kind of detail for the whole page). */
export async function toItems(
  app: App,
  userId: string,
  rows: ItemRow[],
  extra: { viewedAt?: Map<string, Date> } = {},
): Promise<FileItem[]> {
  if (!rows.length) return [];
  const db = app.db;
  const ids = rows.map((r) => r.id);
  const fileIds = rows.map((r) => r.fileId).filter((id): id is string => Boolean(id));
  const [shares, stored, people, favourites, direct, linked, counts, settings] = await Promise.all([
    sharesOf(db, userId),
    fileIds.length ? db.select().from(files).where(inArray(files.id, fileIds)) : Promise.resolve([]),
    peopleByIds(
      db,
      rows.flatMap((r) => [r.ownerId, ...(r.updatedBy ? [r.updatedBy] : [])]),
    ),
    favouritesAmong(db, userId, ids),
    directShares(db, ids),
    linkedAmong(db, ids),
    versionCounts(db, ids),
    fileSettings(app),
  ]);
  const fileOf = new Map(stored.map((f) => [f.id, f]));
  const sharedWith = new Map<string, Person[]>();
  for (const s of direct) sharedWith.set(s.itemId, [...(sharedWith.get(s.itemId) ?? []), s.user]);
  const unknown: Person = { id: '00000000-0000-0000-0000-000000000000', name: '', avatarUrl: null };
  return rows.map((row) => {
    const file = row.fileId ? fileOf.get(row.fileId) : undefined;
    const access = accessOf(userId, row, shares) ?? 'view';
    const withUs = sharedWith.get(row.id) ?? [];
    const url = file ? itemContentUrl(app.secret, row.id, userId) : null;
    const trashRoot = row.deletedAt && row.trashRootId === row.id;
    return {
      id: row.id,
      type: row.type,
      kind: row.kind,
      name: row.name,
      parentId: row.parentId,
      owner: people.get(row.ownerId) ?? unknown,
      access,
      mimeType: file?.mimeType ?? null,
      size: file?.size ?? 0,
      fileId: row.fileId,
      url,
      downloadUrl: file ? itemContentUrl(app.secret, row.id, userId, { download: '1' }) : null,
      thumbnailUrl: file && file.mimeType.startsWith('image/') ? url : null,
      width: file?.width ?? null,
      height: file?.height ?? null,
      tags: row.tags,
      favourite: favourites.has(row.id),
      shared: access !== 'owner' || withUs.length > 0 || linked.has(row.id),
      sharedWith: withUs.slice(0, SHARED_SHOWN),
      sharedCount: withUs.length,
      versionCount: counts.get(row.id) ?? 0,
      version: row.version,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      updatedBy: row.updatedBy ? (people.get(row.updatedBy) ?? null) : null,
      deletedAt: row.deletedAt?.toISOString() ?? null,
      originalPath: trashRoot ? (row.originalPath ?? '/') : null,
      purgeAt:
        trashRoot && row.deletedAt
          ? new Date(row.deletedAt.getTime() + settings.trashDays * 86_400_000).toISOString()
          : null,
      viewedAt: extra.viewedAt?.get(row.id)?.toISOString() ?? null,
    };
  });
}

export async function toItem(app: App, userId: string, row: ItemRow): Promise<FileItem> {
  const [item] = await toItems(app, userId, [row]);
  return item!;
}

/** The way to an item's folder: from the highest folder the caller can see down to its parent. */
export async function breadcrumbsOf(db: Db, userId: string, item: ItemRow): Promise<Breadcrumb[]> {
  if (!item.ancestors.length) return [];
  const rows = await findItems(db, item.ancestors);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const chain = item.ancestors.map((id) => byId.get(id)).filter((r): r is ItemRow => Boolean(r));
  if (item.ownerId === userId) return chain.map((r) => ({ id: r.id, name: r.name }));
  const shares = await sharesOf(db, userId);
  const first = chain.findIndex((r) => shares.has(r.id));
  return first < 0 ? [] : chain.slice(first).map((r) => ({ id: r.id, name: r.name }));
}

// ── realtime ────────────────────────────────────────────────────────────────────────────────────────────

/** Tells everyone who can see `folder` (and the given items) that something in it changed. */
export async function publishChange(
  app: App,
  ownerId: string,
  folder: ItemRow | null,
  itemId: string | null,
  alsoTo: readonly string[] = [],
): Promise<void> {
  const audience = await audienceOf(app.db, ownerId, folder, itemId ? [itemId] : []);
  await app.realtime.publish([...new Set([...audience, ...alsoTo])], {
    type: 'files.changed',
    folderId: folder?.id ?? null,
    ownerId,
    itemId,
  });
}

async function publishAround(app: App, item: ItemRow, alsoTo: readonly string[] = []): Promise<void> {
  const folder = item.parentId ? ((await findItem(app.db, item.parentId)) ?? null) : null;
  await publishChange(app, item.ownerId, folder, item.id, alsoTo);
}

// ── listing ─────────────────────────────────────────────────────────────────────────────────────────────

const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;

export interface ListAnswer {
  items: FileItem[];
  total: number;
  page: number;
  pageSize: number;
  hasNextPage: boolean;
  folder: FileItem | null;
  breadcrumbs: Breadcrumb[];
}

/** `GET /items` (see fileListQuery in the contract for what each view lists). */
export async function listItems(app: App, userId: string, q: ListQuery): Promise<ListAnswer> {
  const db = app.db;
  const shares = await sharesOf(db, userId);
  const conditions: (SQL | undefined)[] = [];
  let folder: ItemRow | null = null;
  const recent = q.view === 'recent' && !q.parentId;

  if (q.view === 'trash') {
    conditions.push(
      eq(fileItems.ownerId, userId),
      sql`${fileItems.deletedAt} is not null`,
      sql`${fileItems.trashRootId} = ${fileItems.id}`,
    );
  } else if (q.parentId) {
    const found = await requireItem(db, userId, q.parentId);
    if (found.item.type !== 'folder') throw itemNotFound();
    folder = found.item;
    conditions.push(
      sql`${fileItems.deletedAt} is null`,
      // `@>` (not `= any`) so that file_items_ancestors_idx narrows a search under the folder.
      q.search
        ? sql`${fileItems.ancestors} @> array[${folder.id}]::uuid[]`
        : eq(fileItems.parentId, folder.id),
    );
  } else {
    conditions.push(visibleTo(userId, shares));
    if (q.view === 'mine' && !q.search) {
      conditions.push(eq(fileItems.ownerId, userId), sql`${fileItems.parentId} is null`);
    } else if (q.view === 'shared') {
      conditions.push(sql`${fileItems.ownerId} <> ${userId}::uuid`);
      if (!q.search) conditions.push(inArray(fileItems.id, [...shares.keys(), userId]));
    } else if (q.view === 'favourites') {
      conditions.push(
        sql`${fileItems.id} in (select ${fileFavourites.itemId} from ${fileFavourites} where ${fileFavourites.userId} = ${userId}::uuid)`,
      );
    } else if (q.view === 'recent') {
      conditions.push(eq(fileItems.type, 'file'));
    }
  }
  if (q.search) {
    const pattern = likePattern(q.search);
    // The grams first (file_items_search_idx), then LIKE on the candidates (drizzle/0032).
    conditions.push(
      sql`atrium_file_terms(${fileItems.name}, ${fileItems.tags}) @> atrium_term_grams(${q.search.toLowerCase()})`,
      sql`(lower(${fileItems.name}) like ${pattern} or exists (select 1 from unnest(${fileItems.tags}) tag where tag like ${pattern}))`,
    );
  }
  if (q.type.length) conditions.push(inArray(fileItems.kind, q.type as FileKind[]));
  if (q.from) conditions.push(sql`${fileItems.updatedAt} >= ${q.from}::timestamptz`);
  if (q.to) conditions.push(sql`${fileItems.updatedAt} < ${q.to}::timestamptz`);
  const where = and(...conditions);

  const dir = q.order === 'desc' ? desc : asc;
  const sizeOf = sql`coalesce((select ${files.size} from ${files} where ${files.id} = ${fileItems.fileId}), 0)`;
  const sortColumn: Record<typeof q.sort, SQL> = {
    name: sql`lower(${fileItems.name})`,
    size: sizeOf,
    type: sql`${fileItems.kind}`,
    updatedAt: sql`${fileItems.updatedAt}`,
    createdAt: sql`${fileItems.createdAt}`,
  };
  const viewedAt = new Map<string, Date>();
  const page = await pagedList(
    q,
    async ({ limit, offset }) => {
      if (recent) {
        const rows = await db
          .select({ item: fileItems, viewedAt: fileViews.viewedAt })
          .from(fileViews)
          .innerJoin(fileItems, eq(fileItems.id, fileViews.itemId))
          .where(and(eq(fileViews.userId, userId), where))
          .orderBy(desc(fileViews.viewedAt), desc(fileItems.id))
          .limit(limit)
          .offset(offset);
        for (const r of rows) viewedAt.set(r.item.id, r.viewedAt);
        return rows.map((r) => r.item);
      }
      return db
        .select()
        .from(fileItems)
        .where(where)
        .orderBy(
          sql`${fileItems.type} = 'folder' desc`,
          q.view === 'trash' && q.sort === 'updatedAt' ? dir(fileItems.deletedAt) : dir(sortColumn[q.sort]),
          asc(sql`lower(${fileItems.name})`),
          asc(fileItems.id),
        )
        .limit(limit)
        .offset(offset);
    },
    async () => {
      if (recent) {
        const [row] = await db
          .select({ n: sql<number>`count(*)::int` })
          .from(fileViews)
          .innerJoin(fileItems, eq(fileItems.id, fileViews.itemId))
          .where(and(eq(fileViews.userId, userId), where));
        return row?.n ?? 0;
      }
      return db.$count(fileItems, where);
    },
  );
  return {
    ...page,
    items: await toItems(app, userId, page.items, { viewedAt }),
    folder: folder ? await toItem(app, userId, folder) : null,
    breadcrumbs: folder
      ? [...(await breadcrumbsOf(db, userId, folder)), { id: folder.id, name: folder.name }]
      : [],
  };
}

/** A file opened: the "recent" view shows it. */
export async function recordView(db: Db, userId: string, itemId: string): Promise<void> {
  await db
    .insert(fileViews)
    .values({ userId, itemId })
    .onConflictDoUpdate({ target: [fileViews.userId, fileViews.itemId], set: { viewedAt: sql`now()` } });
}

// ── folders ─────────────────────────────────────────────────────────────────────────────────────────────

function checkDepth(folder: ItemRow | null, extra = 0) {
  if (ancestorsUnder(folder).length + extra >= FOLDER_DEPTH_MAX) {
    throw new HttpError(400, `Folders nest at most ${FOLDER_DEPTH_MAX} deep`, { code: 'TOO_DEEP' });
  }
}

export async function createFolder(
  app: App,
  userId: string,
  parentId: string | null,
  name: string,
): Promise<ItemRow> {
  const target = await requireTarget(app.db, userId, parentId);
  checkDepth(target.folder);
  if (await itemNamed(app.db, target.ownerId, target.folder?.id ?? null, name)) throw nameTaken(name);
  const row = await insertNamed(app.db, {
    ownerId: target.ownerId,
    parentId: target.folder?.id ?? null,
    ancestors: ancestorsUnder(target.folder),
    type: 'folder',
    kind: 'folder',
    name,
    createdBy: userId,
    updatedBy: userId,
  });
  await logActivity(app.db, [{ itemId: row.id, actorId: userId, action: 'created', details: { name } }]);
  await publishChange(app, target.ownerId, target.folder, row.id);
  return row;
}

// ── placing stored files ────────────────────────────────────────────────────────────────────────────────

/**
 * Gives a stored file to the target tree's owner (an upload into a folder shared with the uploader counts
 * against the folder owner's quota), within that owner's quota. Runs under the owner's lock.
 */
async function transferFile(tx: Db, file: FileRow, ownerId: string, fallbackQuota: number): Promise<void> {
  if (file.ownerId === ownerId) return;
  const [owner] = await tx
    .select({ quota: users.storageQuotaBytes })
    .from(users)
    .where(eq(users.id, ownerId));
  const quotaBytes = owner?.quota ?? fallbackQuota;
  const [used] = await tx
    .select({ used: sql<string>`coalesce(sum(${files.size}), 0)` })
    .from(files)
    .where(eq(files.ownerId, ownerId));
  const usedBytes = Number(used?.used ?? 0);
  if (usedBytes + file.size > quotaBytes) throw overQuota({ quotaBytes, usedBytes });
  await tx.update(files).set({ ownerId }).where(eq(files.id, file.id));
}

/** Deletes stored files (rows, then bytes). */
export async function dropFiles(app: App, ids: readonly string[]): Promise<void> {
  const keys = await deleteFiles(app.db, ids);
  await app.files.storage.remove(keys);
}

/** Keeps the current version and `versionsKept` older ones; returns the stored files to delete. */
async function pruneVersions(tx: Db, itemId: string, versionsKept: number): Promise<string[]> {
  const rows = await tx
    .select({ fileId: fileVersions.fileId })
    .from(fileVersions)
    .where(eq(fileVersions.itemId, itemId))
    .orderBy(desc(fileVersions.number))
    .offset(versionsKept + 1);
  const ids = rows.map((r) => r.fileId);
  if (ids.length) await tx.delete(fileVersions).where(inArray(fileVersions.fileId, ids));
  return ids;
}

export interface PlaceOptions {
  parentId: string | null;
  name?: string | undefined;
  onConflict: 'fail' | 'keepBoth' | 'replace' | 'skip';
}

/**
 * Puts a stored file (use `drive`, not yet in any tree) into a folder, as a new item or (`replace`) as the
 * new version of the same-named file. The file is given to the folder's owner.
 */
export async function placeFile(
  app: App,
  userId: string,
  file: FileRow,
  options: PlaceOptions,
): Promise<{ row: ItemRow; outcome: PlaceOutcome }> {
  const target = await requireTarget(app.db, userId, options.parentId);
  const parentId = target.folder?.id ?? null;
  const wanted = options.name ?? file.name;
  const settings = await fileSettings(app);
  // Read before the transaction: on PGlite a query outside it would wait for it forever.
  const fallbackQuota = await defaultQuota(app);
  let pruned: string[] = [];
  let result: { row: ItemRow; outcome: PlaceOutcome; drop?: boolean };
  try {
    result = await app.db.transaction(async (tx) => {
      await lockOwner(tx, target.ownerId);
      const [placed] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(fileVersions)
        .where(eq(fileVersions.fileId, file.id));
      if (placed?.n) throw conflict('This file is already in the file manager', 'ALREADY_PLACED');
      const existing = await itemNamed(tx, target.ownerId, parentId, wanted);
      if (existing && options.onConflict === 'fail') throw nameTaken(wanted);
      if (existing && options.onConflict === 'skip')
        return { row: existing, outcome: 'skipped' as const, drop: true };
      await transferFile(tx, file, target.ownerId, fallbackQuota);
      if (existing && options.onConflict === 'replace') {
        if (existing.type !== 'file') throw nameTaken(wanted);
        const number = await nextVersionNumber(tx, existing.id);
        await tx
          .insert(fileVersions)
          .values({ itemId: existing.id, fileId: file.id, number, createdBy: userId });
        const [row] = await tx
          .update(fileItems)
          .set({
            fileId: file.id,
            kind: fileKindOf(file.mimeType),
            version: sql`${fileItems.version} + 1`,
            updatedBy: userId,
            updatedAt: sql`now()`,
          })
          .where(eq(fileItems.id, existing.id))
          .returning();
        pruned = await pruneVersions(tx, existing.id, settings.versionsKept);
        await logActivity(tx, [
          { itemId: existing.id, actorId: userId, action: 'newVersion', details: { number } },
        ]);
        return { row: row!, outcome: 'replaced' as const };
      }
      const name = existing ? await freeName(tx, target, wanted, false) : wanted;
      const row = await insertItem(tx, {
        ownerId: target.ownerId,
        parentId,
        ancestors: ancestorsUnder(target.folder),
        type: 'file',
        kind: fileKindOf(file.mimeType),
        name,
        fileId: file.id,
        createdBy: userId,
        updatedBy: userId,
      });
      await tx.insert(fileVersions).values({ itemId: row.id, fileId: file.id, number: 1, createdBy: userId });
      await logActivity(tx, [{ itemId: row.id, actorId: userId, action: 'uploaded', details: { name } }]);
      return { row, outcome: 'created' as const };
    });
  } catch (error) {
    if (isUniqueViolation(error, NAME_UNIQUE)) throw nameTaken(wanted);
    throw error;
  }
  if (result.drop) await dropFiles(app, [file.id]);
  if (pruned.length) await dropFiles(app, pruned);
  if (result.outcome !== 'skipped') await publishChange(app, target.ownerId, target.folder, result.row.id);
  return { row: result.row, outcome: result.outcome };
}

/** Copies a stored file's bytes into a new `drive` file of `ownerId`, within their quota. */
export async function copyStoredFile(app: App, source: FileRow, ownerId: string): Promise<FileRow> {
  const stream = await app.files.storage.read(source.storageKey);
  if (!stream) throw notFound('File not found');
  const storageKey = newStorageKey(path.extname(source.storageKey).slice(1) || 'bin');
  await app.files.storage.put(storageKey, stream);
  const fallbackQuota = await defaultQuota(app);
  try {
    return await app.db.transaction(async (tx) => {
      await lockOwner(tx, ownerId);
      const [owner] = await tx
        .select({ quota: users.storageQuotaBytes })
        .from(users)
        .where(eq(users.id, ownerId));
      const quotaBytes = owner?.quota ?? fallbackQuota;
      const [used] = await tx
        .select({ used: sql<string>`coalesce(sum(${files.size}), 0)` })
        .from(files)
        .where(eq(files.ownerId, ownerId));
      const usedBytes = Number(used?.used ?? 0);
      if (usedBytes + source.size > quotaBytes) throw overQuota({ quotaBytes, usedBytes });
      const [row] = await tx
        .insert(files)
        .values({
          ownerId,
          use: 'drive',
          storageKey,
          name: source.name,
          mimeType: source.mimeType,
          size: source.size,
          width: source.width,
          height: source.height,
        })
        .returning();
      return row!;
    });
  } catch (error) {
    await app.files.storage.remove([storageKey]);
    throw error;
  }
}

// ── rename, move, tags, favourite ───────────────────────────────────────────────────────────────────────

export interface ItemChanges {
  version?: number | undefined;
  name?: string | undefined;
  parentId?: string | null | undefined;
  tags?: string[] | undefined;
  favourite?: boolean | undefined;
}

export class StaleItem extends Error {
  readonly current: ItemRow;
  constructor(current: ItemRow) {
    super('stale');
    this.current = current;
  }
}

/** `PATCH /items/:id`. */
export async function updateItem(
  app: App,
  userId: string,
  id: string,
  changes: ItemChanges,
): Promise<ItemRow> {
  const db = app.db;
  const edits = changes.name !== undefined || changes.parentId !== undefined || changes.tags !== undefined;
  const found = await requireItem(db, userId, id, edits ? 'edit' : 'view');
  if (changes.favourite !== undefined) {
    if (changes.favourite) {
      await db.insert(fileFavourites).values({ userId, itemId: id }).onConflictDoNothing();
    } else {
      await db
        .delete(fileFavourites)
        .where(and(eq(fileFavourites.userId, userId), eq(fileFavourites.itemId, id)));
    }
  }
  if (!edits) return found.item;
  if (changes.version === undefined)
    throw new HttpError(400, 'Say which version you edited', { code: 'VERSION_REQUIRED' });
  let item = found.item;
  if (changes.parentId !== undefined && changes.parentId !== item.parentId) {
    item = (await moveItems(app, userId, [id], changes.parentId, 'fail', changes.version))[0] ?? item;
  }
  const rename = changes.name !== undefined && changes.name !== item.name;
  const retag = changes.tags !== undefined && changes.tags.join('\u0000') !== item.tags.join('\u0000');
  if (!rename && !retag) return item;
  const version =
    changes.parentId !== undefined && changes.parentId !== found.item.parentId
      ? item.version
      : changes.version;
  try {
    const updated = await db.transaction(async (tx) => {
      await lockOwner(tx, item.ownerId);
      const [row] = await tx
        .update(fileItems)
        .set({
          ...(rename ? { name: changes.name } : {}),
          ...(retag ? { tags: changes.tags } : {}),
          version: sql`${fileItems.version} + 1`,
          updatedBy: userId,
          updatedAt: sql`now()`,
        })
        .where(and(eq(fileItems.id, id), eq(fileItems.version, version), sql`${fileItems.deletedAt} is null`))
        .returning();
      if (!row) {
        const current = await findItem(tx, id);
        if (!current || current.deletedAt) throw itemNotFound();
        throw new StaleItem(current);
      }
      await logActivity(tx, [
        ...(rename
          ? [
              {
                itemId: id,
                actorId: userId,
                action: 'renamed' as const,
                details: { from: item.name, to: row.name },
              },
            ]
          : []),
        ...(retag
          ? [
              {
                itemId: id,
                actorId: userId,
                action: 'tagged' as const,
                details: { tags: row.tags.join(', ') },
              },
            ]
          : []),
      ]);
      return row;
    });
    await publishAround(app, updated);
    return updated;
  } catch (error) {
    if (isUniqueViolation(error, NAME_UNIQUE)) throw nameTaken(changes.name ?? item.name);
    throw error;
  }
}

async function pathOf(db: Db, folder: ItemRow | null): Promise<string> {
  if (!folder) return '/';
  const rows = await findItems(db, folder.ancestors);
  const byId = new Map(rows.map((r) => [r.id, r.name]));
  return `/${[...folder.ancestors.map((a) => byId.get(a) ?? ''), folder.name].join('/')}`;
}

/**
 * Moves items into a folder of the same owner (or the owner's root). Refused: into the item itself or one
 * of its subfolders (`MOVE_CYCLE`), into another person's tree (`CROSS_OWNER`), without edit access to both
 * sides. `expectVersion`: the single item's version (PATCH).
 */
export async function moveItems(
  app: App,
  userId: string,
  ids: readonly string[],
  parentId: string | null,
  onConflict: 'fail' | 'keepBoth' | 'skip',
  expectVersion?: number,
): Promise<ItemRow[]> {
  const db = app.db;
  const found = await Promise.all(ids.map((id) => requireItem(db, userId, id, 'edit')));
  const ownerId = found[0]!.item.ownerId;
  if (found.some((f) => f.item.ownerId !== ownerId)) {
    throw new HttpError(400, 'Items of different people cannot be moved together', { code: 'CROSS_OWNER' });
  }
  if (parentId) await requireItem(db, userId, parentId, 'edit');
  const moved: ItemRow[] = [];
  const touched = new Set<string | null>();
  try {
    await db.transaction(async (tx) => {
      await lockOwner(tx, ownerId);
      // Read again under the lock: a concurrent move may have changed the tree since the checks above.
      const target: Target = parentId
        ? { ownerId, folder: (await findItem(tx, parentId)) ?? null }
        : { ownerId, folder: null };
      if (parentId && (!target.folder || target.folder.deletedAt || target.folder.type !== 'folder'))
        throw itemNotFound();
      if (target.folder && target.folder.ownerId !== ownerId) {
        throw new HttpError(400, 'Move into your own folders; copy into folders of others', {
          code: 'CROSS_OWNER',
        });
      }
      if (!parentId && ownerId !== userId) {
        throw new HttpError(400, 'Move into your own folders; copy into folders of others', {
          code: 'CROSS_OWNER',
        });
      }
      const newAncestors = ancestorsUnder(target.folder);
      const targetPath = await pathOf(tx, target.folder);
      for (const { item: before } of found) {
        const item = await findItem(tx, before.id);
        if (!item || item.deletedAt) throw itemNotFound();
        if (expectVersion !== undefined && item.version !== expectVersion) throw new StaleItem(item);
        if (item.parentId === (parentId ?? null)) {
          moved.push(item);
          continue;
        }
        if (parentId && (parentId === item.id || target.folder!.ancestors.includes(item.id))) {
          throw new HttpError(409, 'A folder cannot be moved into itself or one of its subfolders', {
            code: 'MOVE_CYCLE',
          });
        }
        if (item.type === 'folder') {
          const [deepest] = await tx
            .select({ depth: sql<number>`coalesce(max(cardinality(${fileItems.ancestors})), 0)::int` })
            .from(fileItems)
            .where(sql`${item.id}::uuid = any(${fileItems.ancestors})`);
          const below = Math.max(0, (deepest?.depth ?? 0) - item.ancestors.length);
          checkDepth(target.folder, below);
        }
        let name = item.name;
        if (await itemNamed(tx, ownerId, parentId, name)) {
          if (onConflict === 'skip') continue;
          if (onConflict === 'fail') throw nameTaken(name);
          name = await freeName(tx, target, name, item.type === 'folder');
        }
        const fromPath = await pathOf(
          tx,
          item.parentId ? ((await findItem(tx, item.parentId)) ?? null) : null,
        );
        const [row] = await tx
          .update(fileItems)
          .set({
            parentId,
            ancestors: newAncestors,
            name,
            version: sql`${fileItems.version} + 1`,
            updatedBy: userId,
            updatedAt: sql`now()`,
          })
          .where(eq(fileItems.id, item.id))
          .returning();
        await reparentSubtree(tx, item.id, item.ancestors.length, newAncestors);
        await logActivity(tx, [
          { itemId: item.id, actorId: userId, action: 'moved', details: { from: fromPath, to: targetPath } },
        ]);
        touched.add(item.parentId);
        moved.push(row!);
      }
    });
  } catch (error) {
    if (isUniqueViolation(error, NAME_UNIQUE)) throw nameTaken(found[0]!.item.name);
    throw error;
  }
  const folders = await findItems(
    db,
    [...touched, parentId].filter((id): id is string => Boolean(id)),
  );
  for (const folder of [...folders, ...(touched.has(null) || !parentId ? [null] : [])]) {
    await publishChange(app, ownerId, folder, null);
  }
  return moved;
}

// ── copy ────────────────────────────────────────────────────────────────────────────────────────────────

/** The most stored files one copy makes (a larger folder is refused). */
const COPY_FILES_MAX = 1000;

/** Copies items (folders with what is in them) into a folder the caller may edit, for its owner. */
export async function copyItems(
  app: App,
  userId: string,
  ids: readonly string[],
  parentId: string | null,
  onConflict: 'fail' | 'keepBoth' | 'skip',
): Promise<ItemRow[]> {
  const db = app.db;
  const target = await requireTarget(db, userId, parentId);
  const sources = await Promise.all(ids.map((id) => requireItem(db, userId, id, 'view')));
  for (const { item } of sources) {
    if (target.folder && (target.folder.id === item.id || target.folder.ancestors.includes(item.id))) {
      throw new HttpError(409, 'A folder cannot be copied into itself or one of its subfolders', {
        code: 'MOVE_CYCLE',
      });
    }
  }
  const subtrees = await Promise.all(
    sources.map(async ({ item }) =>
      item.type === 'folder'
        ? db
            .select()
            .from(fileItems)
            .where(
              and(sql`${item.id}::uuid = any(${fileItems.ancestors})`, sql`${fileItems.deletedAt} is null`),
            )
            .orderBy(sql`cardinality(${fileItems.ancestors})`)
        : [],
    ),
  );
  const fileCount =
    sources.filter((s) => s.item.type === 'file').length +
    subtrees.flat().filter((r) => r.type === 'file').length;
  if (fileCount > COPY_FILES_MAX) {
    throw new HttpError(400, `Copy at most ${COPY_FILES_MAX} files at a time`, { code: 'TOO_MANY_FILES' });
  }
  const copies: ItemRow[] = [];
  for (const [index, { item }] of sources.entries()) {
    const top = await copyOne(app, userId, item, target, onConflict);
    if (!top) continue;
    copies.push(top);
    const mapped = new Map<string, ItemRow>([[item.id, top]]);
    for (const child of subtrees[index]!) {
      const parent = mapped.get(child.parentId!);
      if (!parent) continue;
      const copy = await copyOne(
        app,
        userId,
        child,
        { ownerId: target.ownerId, folder: parent },
        'keepBoth',
        false,
      );
      if (copy) mapped.set(child.id, copy);
    }
  }
  await publishChange(app, target.ownerId, target.folder, null);
  return copies;
}

async function copyOne(
  app: App,
  userId: string,
  source: ItemRow,
  target: Target,
  onConflict: 'fail' | 'keepBoth' | 'skip',
  log = true,
): Promise<ItemRow | null> {
  const parentId = target.folder?.id ?? null;
  let name = source.name;
  if (await itemNamed(app.db, target.ownerId, parentId, name)) {
    if (onConflict === 'skip') return null;
    if (onConflict === 'fail') throw nameTaken(name);
    name = await freeName(app.db, target, name, source.type === 'folder');
  }
  checkDepth(target.folder);
  let fileId: string | null = null;
  if (source.fileId) {
    const [stored] = await app.db.select().from(files).where(eq(files.id, source.fileId));
    if (!stored) return null;
    fileId = (await copyStoredFile(app, stored, target.ownerId)).id;
  }
  try {
    return await app.db.transaction(async (tx) => {
      const row = await insertItem(tx, {
        ownerId: target.ownerId,
        parentId,
        ancestors: ancestorsUnder(target.folder),
        type: source.type,
        kind: source.kind,
        name,
        fileId,
        tags: source.tags,
        createdBy: userId,
        updatedBy: userId,
      });
      if (fileId)
        await tx.insert(fileVersions).values({ itemId: row.id, fileId, number: 1, createdBy: userId });
      if (log) {
        await logActivity(tx, [
          { itemId: row.id, actorId: userId, action: 'copied', details: { from: source.name } },
        ]);
      }
      return row;
    });
  } catch (error) {
    if (fileId) await dropFiles(app, [fileId]);
    if (isUniqueViolation(error, NAME_UNIQUE)) throw nameTaken(name);
    throw error;
  }
}

// ── trash ───────────────────────────────────────────────────────────────────────────────────────────────

/** Moves items (with what is in them) to their owner's trash; needs edit access. */
export async function trashItems(app: App, userId: string, ids: readonly string[]): Promise<void> {
  const db = app.db;
  const found = await Promise.all(ids.map((id) => requireItem(db, userId, id, 'edit')));
  for (const { item } of found) {
    const parent = item.parentId ? ((await findItem(db, item.parentId)) ?? null) : null;
    const originalPath = await pathOf(db, parent);
    const audience = await audienceOf(db, item.ownerId, parent, [item.id]);
    await db.transaction(async (tx) => {
      await lockOwner(tx, item.ownerId);
      const current = await findItem(tx, item.id);
      if (!current || current.deletedAt) return;
      const now = new Date();
      await tx
        .update(fileItems)
        .set({ deletedAt: now, deletedBy: userId, trashRootId: current.id })
        .where(
          and(sql`${current.id}::uuid = any(${fileItems.ancestors})`, sql`${fileItems.deletedAt} is null`),
        );
      // Under the trashed item, ancestors start at it.
      await reparentSubtree(
        tx,
        current.id,
        current.ancestors.length,
        [],
        sql`${fileItems.trashRootId} = ${current.id}::uuid`,
      );
      await tx
        .update(fileItems)
        .set({
          deletedAt: now,
          deletedBy: userId,
          trashRootId: current.id,
          originalParentId: current.parentId,
          originalPath,
          parentId: null,
          ancestors: [],
        })
        .where(eq(fileItems.id, current.id));
      await logActivity(tx, [
        { itemId: current.id, actorId: userId, action: 'trashed', details: { from: originalPath } },
      ]);
    });
    await publishChange(app, item.ownerId, parent, item.id, audience);
  }
}

/**
 * Restores trashed items (the owner's) to where they were: into the original folder when it is still
 * there, otherwise into folders recreated along the original path; a name taken meanwhile is numbered.
 */
export async function restoreItems(app: App, userId: string, ids: readonly string[]): Promise<ItemRow[]> {
  const db = app.db;
  const restored: ItemRow[] = [];
  for (const id of ids) {
    const item = await findItem(db, id);
    if (!item || item.ownerId !== userId || !item.deletedAt || item.trashRootId !== item.id)
      throw itemNotFound();
    const row = await db.transaction(async (tx) => {
      await lockOwner(tx, userId);
      let folder: ItemRow | null = null;
      const original = item.originalParentId ? await findItem(tx, item.originalParentId) : undefined;
      if (original && !original.deletedAt && original.ownerId === userId) {
        folder = original;
      } else if (item.originalParentId) {
        // The folder was deleted (trashed or for good): walk the original path, recreating what is missing.
        for (const name of (item.originalPath ?? '/').split('/').filter(Boolean)) {
          const existing = await itemNamed(tx, userId, folder?.id ?? null, name);
          if (existing?.type === 'folder') {
            folder = existing;
            continue;
          }
          const target: Target = { ownerId: userId, folder };
          const created: ItemRow = await insertItem(tx, {
            ownerId: userId,
            parentId: folder?.id ?? null,
            ancestors: ancestorsUnder(folder),
            type: 'folder',
            kind: 'folder',
            name: existing ? await freeName(tx, target, name, true) : name,
            createdBy: userId,
            updatedBy: userId,
          });
          await logActivity(tx, [
            { itemId: created.id, actorId: userId, action: 'created', details: { name } },
          ]);
          folder = created;
        }
      }
      const target: Target = { ownerId: userId, folder };
      const name = (await itemNamed(tx, userId, folder?.id ?? null, item.name))
        ? await freeName(tx, target, item.name, item.type === 'folder')
        : item.name;
      const newAncestors = ancestorsUnder(folder);
      await reparentSubtree(tx, item.id, 0, newAncestors, sql`${fileItems.trashRootId} = ${item.id}::uuid`);
      await tx
        .update(fileItems)
        .set({ deletedAt: null, deletedBy: null, trashRootId: null })
        .where(and(eq(fileItems.trashRootId, item.id), sql`${fileItems.id} <> ${item.id}::uuid`));
      const [updated] = await tx
        .update(fileItems)
        .set({
          parentId: folder?.id ?? null,
          ancestors: newAncestors,
          name,
          deletedAt: null,
          deletedBy: null,
          trashRootId: null,
          originalParentId: null,
          originalPath: null,
          version: sql`${fileItems.version} + 1`,
          updatedAt: sql`now()`,
          updatedBy: userId,
        })
        .where(eq(fileItems.id, item.id))
        .returning();
      await logActivity(tx, [
        { itemId: item.id, actorId: userId, action: 'restored', details: { to: await pathOf(tx, folder) } },
      ]);
      return { updated: updated!, folder };
    });
    await publishChange(app, userId, row.folder, item.id);
    restored.push(row.updated);
  }
  return restored;
}

/** Deletes trashed items (the owner's) for good, with every version's bytes. */
export async function deleteForever(app: App, userId: string, ids: readonly string[]): Promise<void> {
  const db = app.db;
  const roots = await findItems(db, ids);
  if (roots.length !== ids.length) throw itemNotFound();
  for (const root of roots) {
    if (root.ownerId !== userId || !root.deletedAt || root.trashRootId !== root.id) throw itemNotFound();
  }
  for (const root of roots) await purge(app, root.id);
}

/** Deletes one trashed item and what is under it, with the stored files of every version. */
async function purge(app: App, rootId: string): Promise<void> {
  const ids = await subtreeIds(app.db, rootId);
  const stored = await app.db
    .select({ fileId: fileVersions.fileId })
    .from(fileVersions)
    .where(inArray(fileVersions.itemId, ids));
  // Children first would not matter: the parent key cascades; one statement removes the subtree.
  await app.db.delete(fileItems).where(inArray(fileItems.id, ids));
  await dropFiles(
    app,
    stored.map((s) => s.fileId),
  );
}

export async function emptyTrash(app: App, userId: string): Promise<void> {
  const roots = await app.db
    .select({ id: fileItems.id })
    .from(fileItems)
    .where(and(eq(fileItems.ownerId, userId), sql`${fileItems.trashRootId} = ${fileItems.id}`));
  for (const root of roots) await purge(app, root.id);
}

/** The sweeper: trashed items older than the retention go for good. Returns how many went. */
export async function sweepTrash(app: App, now = new Date()): Promise<number> {
  const { trashDays } = await fileSettings(app);
  const before = new Date(now.getTime() - trashDays * 86_400_000);
  const roots = await app.db
    .select({ id: fileItems.id })
    .from(fileItems)
    .where(and(sql`${fileItems.trashRootId} = ${fileItems.id}`, lt(fileItems.deletedAt, before)))
    .limit(500);
  for (const root of roots) await purge(app, root.id);
  return roots.length;
}

// ── versions ────────────────────────────────────────────────────────────────────────────────────────────

/** Makes an older version the current one again (it gets the next number). */
export async function restoreVersion(
  app: App,
  userId: string,
  id: string,
  fileId: string,
  version: number,
): Promise<ItemRow> {
  const { item } = await requireItem(app.db, userId, id, 'edit');
  const row = await app.db.transaction(async (tx) => {
    await lockOwner(tx, item.ownerId);
    const [old] = await tx
      .select()
      .from(fileVersions)
      .where(and(eq(fileVersions.itemId, id), eq(fileVersions.fileId, fileId)));
    if (!old) throw notFound('Version not found');
    const current = await findItem(tx, id);
    if (!current || current.deletedAt) throw itemNotFound();
    if (current.version !== version) throw new StaleItem(current);
    if (current.fileId === fileId) return current;
    const number = await nextVersionNumber(tx, id);
    await tx
      .update(fileVersions)
      .set({ number, createdBy: userId, createdAt: sql`now()` })
      .where(eq(fileVersions.fileId, fileId));
    const [stored] = await tx.select().from(files).where(eq(files.id, fileId));
    const [updated] = await tx
      .update(fileItems)
      .set({
        fileId,
        kind: fileKindOf(stored!.mimeType),
        version: sql`${fileItems.version} + 1`,
        updatedBy: userId,
        updatedAt: sql`now()`,
      })
      .where(eq(fileItems.id, id))
      .returning();
    await logActivity(tx, [
      { itemId: id, actorId: userId, action: 'versionRestored', details: { number: old.number } },
    ]);
    return updated!;
  });
  await publishAround(app, row);
  return row;
}

export { uuidArray };
