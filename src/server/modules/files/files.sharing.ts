/**
 * Sharing in the file manager (issue 27 A, ADR 046): with people (can view / can edit, a folder's share
 * covering what is under it) and through links (a random token, optional expiry, optional password hashed
 * like account passwords, optional download-only). Only an item's owner shares it; the owner or an
 * administrator revokes a link. Access through a link is checked again on every request: a revoked or
 * expired link, or a trashed item, stops working at once.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

import type { Breadcrumb, FileLink, FileShare, ShareRole } from '#shared/contract/files.ts';

import type { Db } from '../../db/client.ts';
import { fileItems, fileLinks, fileShares, users } from '../../db/schema/index.ts';
import { HttpError, badRequest, notFound } from '../../lib/http-error.ts';
import { pagedList, type PageRequest } from '../../lib/list.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { publishChange, requireItem } from './files.tree.ts';
import {
  findItem,
  findItems,
  logActivity,
  peopleByIds,
  personName,
  type ItemRow,
} from './files.tree.repo.ts';

type App = FastifyInstance;

// ── people ──────────────────────────────────────────────────────────────────────────────────────────────

/** Who an item is shared with: its own shares, then those of the folders above it (nearest first). */
export async function sharesOfItem(db: Db, item: ItemRow): Promise<FileShare[]> {
  const scope = [item.id, ...[...item.ancestors].reverse()];
  const rows = await db
    .select({
      itemId: fileShares.itemId,
      role: fileShares.role,
      createdAt: fileShares.createdAt,
      user: { id: users.id, name: personName, avatarUrl: users.avatarUrl },
    })
    .from(fileShares)
    .innerJoin(users, eq(users.id, fileShares.userId))
    .where(inArray(fileShares.itemId, scope));
  const folders = new Map((await findItems(db, item.ancestors)).map((f) => [f.id, f]));
  const seen = new Set<string>();
  const answer: FileShare[] = [];
  for (const id of scope) {
    for (const row of rows.filter((r) => r.itemId === id)) {
      if (seen.has(row.user.id)) continue;
      seen.add(row.user.id);
      const folder = id === item.id ? null : folders.get(id);
      answer.push({
        user: row.user,
        role: row.role,
        inheritedFrom: folder ? { id: folder.id, name: folder.name } : null,
        createdAt: row.createdAt.toISOString(),
      });
    }
  }
  return answer;
}

async function folderOf(db: Db, item: ItemRow): Promise<ItemRow | null> {
  return item.parentId ? ((await findItem(db, item.parentId)) ?? null) : null;
}

export async function shareWith(
  app: App,
  actorId: string,
  itemId: string,
  userId: string,
  role: ShareRole,
): Promise<FileShare> {
  const { item } = await requireItem(app.db, actorId, itemId, 'owner');
  if (userId === item.ownerId) throw badRequest('The owner has every right already', 'SHARE_WITH_OWNER');
  const [person] = await app.db
    .select({ id: users.id, status: users.status })
    .from(users)
    .where(eq(users.id, userId));
  if (!person || person.status !== 'active') throw notFound('User not found');
  const [row] = await app.db
    .insert(fileShares)
    .values({ itemId, userId, role, createdBy: actorId })
    .onConflictDoUpdate({ target: [fileShares.itemId, fileShares.userId], set: { role } })
    .returning();
  const people = await peopleByIds(app.db, [userId]);
  await logActivity(app.db, [
    { itemId, actorId, action: 'shared', details: { userId, name: people.get(userId)?.name ?? '', role } },
  ]);
  await publishChange(app, item.ownerId, await folderOf(app.db, item), item.id, [userId]);
  return {
    user: people.get(userId)!,
    role: row!.role,
    inheritedFrom: null,
    createdAt: row!.createdAt.toISOString(),
  };
}

export async function unshare(app: App, actorId: string, itemId: string, userId: string): Promise<void> {
  const { item } = await requireItem(app.db, actorId, itemId, 'owner');
  const gone = await app.db
    .delete(fileShares)
    .where(and(eq(fileShares.itemId, itemId), eq(fileShares.userId, userId)))
    .returning();
  if (!gone.length) throw notFound('Not shared with this person');
  const people = await peopleByIds(app.db, [userId]);
  await logActivity(app.db, [
    { itemId, actorId, action: 'unshared', details: { userId, name: people.get(userId)?.name ?? '' } },
  ]);
  await publishChange(app, item.ownerId, await folderOf(app.db, item), item.id, [userId]);
}

// ── links ───────────────────────────────────────────────────────────────────────────────────────────────

type LinkRow = typeof fileLinks.$inferSelect;

const isExpired = (link: Pick<LinkRow, 'expiresAt'>, now = Date.now()) =>
  link.expiresAt !== null && link.expiresAt.getTime() <= now;

export async function toLinks(db: Db, rows: { link: LinkRow; item: ItemRow }[]): Promise<FileLink[]> {
  const people = await peopleByIds(
    db,
    rows.flatMap((r) => [r.item.ownerId, ...(r.link.createdBy ? [r.link.createdBy] : [])]),
  );
  return rows.map(({ link, item }) => ({
    id: link.id,
    token: link.token,
    item: { id: item.id, name: item.name, type: item.type, kind: item.kind },
    owner: people.get(item.ownerId) ?? { id: item.ownerId, name: '', avatarUrl: null },
    createdBy: link.createdBy ? (people.get(link.createdBy) ?? null) : null,
    expiresAt: link.expiresAt?.toISOString() ?? null,
    expired: isExpired(link),
    hasPassword: link.passwordHash !== null,
    downloadOnly: link.downloadOnly,
    createdAt: link.createdAt.toISOString(),
  }));
}

function futureExpiry(expiresAt: string | null): Date | null {
  if (expiresAt === null) return null;
  const at = new Date(expiresAt);
  if (at.getTime() <= Date.now()) throw badRequest('Choose an expiry in the future', 'EXPIRY_IN_PAST');
  return at;
}

export async function createLink(
  app: App,
  actorId: string,
  itemId: string,
  input: { expiresAt: string | null; password: string | null; downloadOnly: boolean },
): Promise<FileLink> {
  const { item } = await requireItem(app.db, actorId, itemId, 'owner');
  const [link] = await app.db
    .insert(fileLinks)
    .values({
      itemId,
      token: randomBytes(24).toString('base64url'),
      passwordHash: input.password ? await hashPassword(input.password) : null,
      expiresAt: futureExpiry(input.expiresAt),
      downloadOnly: input.downloadOnly,
      createdBy: actorId,
    })
    .returning();
  await logActivity(app.db, [{ itemId, actorId, action: 'linkCreated', details: { linkId: link!.id } }]);
  await publishChange(app, item.ownerId, await folderOf(app.db, item), item.id);
  const [answer] = await toLinks(app.db, [{ link: link!, item }]);
  return answer!;
}

export async function linksOfItem(app: App, actorId: string, itemId: string, isAdmin: boolean) {
  const { item, access } = await requireItem(app.db, actorId, itemId, 'view');
  if (access !== 'owner' && !isAdmin) return [];
  const rows = await app.db
    .select()
    .from(fileLinks)
    .where(eq(fileLinks.itemId, itemId))
    .orderBy(desc(fileLinks.createdAt), desc(fileLinks.id));
  return toLinks(
    app.db,
    rows.map((link) => ({ link, item })),
  );
}

/** The link and its item, if the caller is the item's owner or an administrator; 404 otherwise. */
async function ownLink(db: Db, actorId: string, linkId: string, isAdmin: boolean) {
  const [row] = await db
    .select({ link: fileLinks, item: fileItems })
    .from(fileLinks)
    .innerJoin(fileItems, eq(fileItems.id, fileLinks.itemId))
    .where(eq(fileLinks.id, linkId));
  if (!row || (row.item.ownerId !== actorId && !isAdmin)) throw notFound('Link not found');
  return row;
}

export async function updateLink(
  app: App,
  actorId: string,
  linkId: string,
  isAdmin: boolean,
  input: {
    expiresAt?: string | null | undefined;
    password?: string | null | undefined;
    downloadOnly?: boolean | undefined;
  },
): Promise<FileLink> {
  const found = await ownLink(app.db, actorId, linkId, isAdmin);
  const [link] = await app.db
    .update(fileLinks)
    .set({
      ...(input.expiresAt !== undefined ? { expiresAt: futureExpiry(input.expiresAt) } : {}),
      ...(input.password !== undefined
        ? { passwordHash: input.password ? await hashPassword(input.password) : null }
        : {}),
      ...(input.downloadOnly !== undefined ? { downloadOnly: input.downloadOnly } : {}),
    })
    .where(eq(fileLinks.id, linkId))
    .returning();
  const [answer] = await toLinks(app.db, [{ link: link!, item: found.item }]);
  return answer!;
}

export async function revokeLink(app: App, actorId: string, linkId: string, isAdmin: boolean): Promise<void> {
  const found = await ownLink(app.db, actorId, linkId, isAdmin);
  await app.db.delete(fileLinks).where(eq(fileLinks.id, linkId));
  await logActivity(app.db, [{ itemId: found.item.id, actorId, action: 'linkRevoked', details: { linkId } }]);
  await publishChange(app, found.item.ownerId, await folderOf(app.db, found.item), found.item.id);
}

/** "Shared links": the caller's links, or (administrators, `all`) everyone's; newest first. */
export async function listLinks(
  app: App,
  actorId: string,
  query: PageRequest & { scope: 'mine' | 'all'; search: string },
  isAdmin: boolean,
) {
  if (query.scope === 'all' && !isAdmin) throw new HttpError(403, 'Only administrators see every link');
  const where = and(
    query.scope === 'mine' ? eq(fileItems.ownerId, actorId) : undefined,
    sql`${fileItems.deletedAt} is null`,
    query.search
      ? sql`lower(${fileItems.name}) like ${`%${query.search.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`}`
      : undefined,
  );
  const page = await pagedList(
    query,
    ({ limit, offset }) =>
      app.db
        .select({ link: fileLinks, item: fileItems })
        .from(fileLinks)
        .innerJoin(fileItems, eq(fileItems.id, fileLinks.itemId))
        .where(where)
        .orderBy(desc(fileLinks.createdAt), desc(fileLinks.id))
        .limit(limit)
        .offset(offset),
    async () => {
      const [row] = await app.db
        .select({ n: sql<number>`count(*)::int` })
        .from(fileLinks)
        .innerJoin(fileItems, eq(fileItems.id, fileLinks.itemId))
        .where(where);
      return row?.n ?? 0;
    },
  );
  return { ...page, links: await toLinks(app.db, page.items) };
}

// ── visitors ────────────────────────────────────────────────────────────────────────────────────────────

/** An unlocked password link stays open to the visitor this long. */
export const LINK_ACCESS_SECONDS = 60 * 60;

const accessSignature = (secret: Uint8Array, link: LinkRow, exp: number) =>
  createHmac('sha256', secret)
    .update(
      // The password's hash is part of it: a new password closes every access given under the old one.
      `file-link:${link.id}:${exp}:${createHash('sha256')
        .update(link.passwordHash ?? '')
        .digest('base64url')}`,
    )
    .digest('base64url');

export function linkAccess(secret: Uint8Array, link: LinkRow, now = Date.now()) {
  const exp = Math.floor(now / 1000) + LINK_ACCESS_SECONDS;
  return { access: `${exp}.${accessSignature(secret, link, exp)}`, expiresAt: new Date(exp * 1000) };
}

function validAccess(secret: Uint8Array, link: LinkRow, access: string | undefined): boolean {
  if (!access) return false;
  const [expText, sig] = access.split('.');
  const exp = Number(expText);
  if (!Number.isInteger(exp) || !sig || exp * 1000 <= Date.now()) return false;
  const expected = Buffer.from(accessSignature(secret, link, exp));
  const given = Buffer.from(sig);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export interface OpenLink {
  link: LinkRow;
  item: ItemRow;
}

/** A live link (not revoked or expired, its item not trashed); 404 otherwise. */
export async function liveLink(db: Db, token: string): Promise<OpenLink> {
  const [row] = await db
    .select({ link: fileLinks, item: fileItems })
    .from(fileLinks)
    .innerJoin(fileItems, eq(fileItems.id, fileLinks.itemId))
    .where(eq(fileLinks.token, token));
  if (!row || isExpired(row.link) || row.item.deletedAt) {
    throw notFound('This link does not exist or no longer works');
  }
  return row;
}

/** A live link the visitor may open: its password given (`access`) where it has one; 401 otherwise. */
export async function openLink(app: App, token: string, access: string | undefined): Promise<OpenLink> {
  const found = await liveLink(app.db, token);
  if (found.link.passwordHash && !validAccess(app.secret, found.link, access)) {
    throw new HttpError(401, 'This link needs its password', { code: 'LINK_PASSWORD_REQUIRED' });
  }
  return found;
}

/** An item inside an open link (the link's item or under it), live; 404 otherwise. */
export async function itemInLink(db: Db, open: OpenLink, itemId: string): Promise<ItemRow> {
  if (itemId === open.item.id) return open.item;
  const item = await findItem(db, itemId);
  if (!item || item.deletedAt || !item.ancestors.includes(open.item.id)) throw notFound('File not found');
  return item;
}

/** Breadcrumbs from the link's folder down to `folder` (inclusive). */
export async function linkBreadcrumbs(db: Db, open: OpenLink, folder: ItemRow): Promise<Breadcrumb[]> {
  if (folder.id === open.item.id) return [{ id: folder.id, name: folder.name }];
  const start = folder.ancestors.indexOf(open.item.id);
  const chainIds = folder.ancestors.slice(start);
  const byId = new Map((await findItems(db, chainIds)).map((r) => [r.id, r]));
  return [...chainIds.map((id) => byId.get(id)!).filter(Boolean), folder].map((r) => ({
    id: r.id,
    name: r.name,
  }));
}
