/**
 * The file manager's routes (issue 27 A, ADR 046), below `/api/files` next to the files block's `/:id`
 * routes (every path here starts with a word, never a uuid). Signed-in routes in one scope; the content and
 * zip routes also take signed links (an <a href> or <img> cannot send a bearer token), made for one person
 * and checked against that person's access on every request.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

import { and, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { errorResponses, staleErrorSchema } from '#shared/contract/common.ts';
import {
  activityListQuery,
  copyItemsInput,
  createFolderInput,
  createLinkInput,
  fileActivityListResponse,
  fileItemDetailResponse,
  fileItemParams,
  fileItemResponse,
  fileItemSchema,
  fileItemsResponse,
  fileKindOf,
  fileKinds,
  fileLinkListResponse,
  fileLinkResponse,
  fileLinksResponse,
  fileListQuery,
  fileListResponse,
  fileShareResponse,
  fileSharesResponse,
  fileVersionsResponse,
  folderTreeQuery,
  folderTreeResponse,
  itemContentQuery,
  itemIdsInput,
  linkListQuery,
  linkParams,
  moveItemsInput,
  placeFileInput,
  placeFileResponse,
  restoreVersionInput,
  saveToFilesInput,
  shareInput,
  shareParams,
  updateItemInput,
  updateLinkInput,
  uploadActivityQuery,
  uploadActivityResponse,
  usageByTypeResponse,
  versionParams,
  zipLinkResponse,
  zipQuery,
  type FileKind,
  type UploadActivity,
} from '#shared/contract/files.ts';

import { fileActivity, fileItems, files, fileVersions } from '../../db/schema/index.ts';
import { HttpError, badRequest, notFound, stale, unauthorized } from '../../lib/http-error.ts';
import { pagedList } from '../../lib/list.ts';
import { actor, bearerToken, signedInScope } from '../../plugins/auth.ts';
import { findFile } from './files.repo.ts';
import { cleanFileName, LINK_MAX_SECONDS, LINK_WINDOW_SECONDS } from './files.service.ts';
import { publicLinkRoutes } from './files.public.routes.ts';
import {
  createLink,
  linksOfItem,
  listLinks,
  revokeLink,
  sharesOfItem,
  shareWith,
  unshare,
  updateLink,
} from './files.sharing.ts';
import { accessOf, findItem, itemNamed, peopleByIds, sharesOf, type ItemRow } from './files.tree.repo.ts';
import {
  breadcrumbsOf,
  copyItems,
  copyStoredFile,
  createFolder,
  deleteForever,
  dropFiles,
  emptyTrash,
  itemContentUrl,
  listItems,
  moveItems,
  placeFile,
  recordView,
  requireItem,
  requireTarget,
  restoreItems,
  restoreVersion,
  StaleItem,
  toItem,
  toItems,
  trashItems,
  updateItem,
  validItemLink,
} from './files.tree.ts';
import { sendZip } from './files.zip.ts';
import { storageUsage } from './quota.ts';
import { sendStoredFile } from './send-file.ts';

const errors = errorResponses;
const staleItem = { ...errorResponses, 409: staleErrorSchema(fileItemSchema) };

/** Runs `work`; an edit based on an old version answers 409 `STALE` with the item as it is now. */
async function orStale<T>(app: FastifyInstance, userId: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof StaleItem) throw stale(await toItem(app, userId, error.current));
    throw error;
  }
}

// ── zip links ───────────────────────────────────────────────────────────────────────────────────────────

const zipSignature = (secret: Uint8Array, userId: string, ids: string, exp: number) =>
  createHmac('sha256', secret).update(`file-zip:${userId}:${ids}:${exp}`).digest('base64url');

function zipIds(text: string): string[] {
  const ids = [...new Set(text.split(',').filter(Boolean))];
  const uuid = z.uuid();
  if (!ids.length || ids.length > 100 || ids.some((id) => !uuid.safeParse(id).success)) {
    throw badRequest('Select between 1 and 100 items', 'INVALID_IDS');
  }
  return ids;
}

/** The caller: the person a valid signed link names, or the bearer token's user. */
async function signedOrBearer(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  valid: boolean,
  u: string | undefined,
  hadSignature: boolean,
): Promise<string> {
  if (valid && u) return u;
  if (!bearerToken(request)) throw hadSignature ? unauthorized('This link has expired') : unauthorized();
  await app.authenticate(request, reply);
  return actor(request).user.id;
}

// ── signed-in routes ────────────────────────────────────────────────────────────────────────────────────

const fileManagerRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  signedInScope(app);

  app.get(
    '/items',
    { schema: { querystring: fileListQuery, response: { 200: fileListResponse, ...errors } } },
    async (request) => listItems(app, actor(request).user.id, request.query),
  );

  app.get(
    '/items/:id',
    { schema: { params: fileItemParams, response: { 200: fileItemDetailResponse, ...errors } } },
    async (request) => {
      const userId = actor(request).user.id;
      const item = await findItem(db, request.params.id);
      if (!item || !accessOf(userId, item, await sharesOf(db, userId)))
        throw notFound('File or folder not found');
      if (item.type === 'file' && !item.deletedAt) await recordView(db, userId, item.id);
      return { item: await toItem(app, userId, item), breadcrumbs: await breadcrumbsOf(db, userId, item) };
    },
  );

  app.post(
    '/folders',
    { schema: { body: createFolderInput, response: { 200: fileItemResponse, ...errors } } },
    async (request) => {
      const userId = actor(request).user.id;
      const row = await createFolder(app, userId, request.body.parentId, request.body.name);
      return { item: await toItem(app, userId, row) };
    },
  );

  app.post(
    '/items',
    { schema: { body: placeFileInput, response: { 200: placeFileResponse, ...errors } } },
    async (request) => {
      const userId = actor(request).user.id;
      const { fileId, ...options } = request.body;
      const file = await findFile(db, fileId);
      if (!file || file.ownerId !== userId || file.use !== 'drive') throw notFound('File not found');
      const { row, outcome } = await placeFile(app, userId, file, options);
      return { item: await toItem(app, userId, row), outcome };
    },
  );

  app.post(
    '/items/save',
    { schema: { body: saveToFilesInput, response: { 200: placeFileResponse, ...errors } } },
    async (request) => {
      const userId = actor(request).user.id;
      const source = await findFile(db, request.body.fileId);
      if (!source || !(await app.files.canRead(userId, source))) throw notFound('File not found');
      const copy = await copyStoredFile(app, source, userId);
      try {
        const { row, outcome } = await placeFile(app, userId, copy, {
          parentId: request.body.parentId,
          onConflict: request.body.onConflict,
        });
        return { item: await toItem(app, userId, row), outcome };
      } catch (error) {
        await dropFiles(app, [copy.id]);
        throw error;
      }
    },
  );

  app.patch(
    '/items/:id',
    {
      schema: {
        params: fileItemParams,
        body: updateItemInput,
        response: { 200: fileItemResponse, ...staleItem },
      },
    },
    async (request) => {
      const userId = actor(request).user.id;
      const row = await orStale(app, userId, () => updateItem(app, userId, request.params.id, request.body));
      return { item: await toItem(app, userId, row) };
    },
  );

  app.post(
    '/items/move',
    { schema: { body: moveItemsInput, response: { 200: fileItemsResponse, ...errors } } },
    async (request) => {
      const userId = actor(request).user.id;
      const { ids, parentId, onConflict } = request.body;
      return { items: await toItems(app, userId, await moveItems(app, userId, ids, parentId, onConflict)) };
    },
  );

  app.post(
    '/items/copy',
    { schema: { body: copyItemsInput, response: { 200: fileItemsResponse, ...errors } } },
    async (request) => {
      const userId = actor(request).user.id;
      const { ids, parentId, onConflict } = request.body;
      return { items: await toItems(app, userId, await copyItems(app, userId, ids, parentId, onConflict)) };
    },
  );

  app.delete(
    '/items/:id',
    { schema: { params: fileItemParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await trashItems(app, actor(request).user.id, [request.params.id]);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/items/trash',
    { schema: { body: itemIdsInput, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await trashItems(app, actor(request).user.id, request.body.ids);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/items/restore',
    { schema: { body: itemIdsInput, response: { 200: fileItemsResponse, ...errors } } },
    async (request) => {
      const userId = actor(request).user.id;
      return { items: await toItems(app, userId, await restoreItems(app, userId, request.body.ids)) };
    },
  );

  app.post(
    '/items/delete-forever',
    { schema: { body: itemIdsInput, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await deleteForever(app, actor(request).user.id, request.body.ids);
      return reply.code(204).send(null);
    },
  );

  app.post('/trash/empty', { schema: { response: { 204: z.null(), ...errors } } }, async (request, reply) => {
    await emptyTrash(app, actor(request).user.id);
    return reply.code(204).send(null);
  });

  // ── versions and activity ──

  app.get(
    '/items/:id/versions',
    { schema: { params: fileItemParams, response: { 200: fileVersionsResponse, ...errors } } },
    async (request) => {
      const userId = actor(request).user.id;
      const { item } = await requireItem(db, userId, request.params.id);
      const rows = await db
        .select({ version: fileVersions, file: files })
        .from(fileVersions)
        .innerJoin(files, eq(files.id, fileVersions.fileId))
        .where(eq(fileVersions.itemId, item.id))
        .orderBy(desc(fileVersions.number));
      const people = await peopleByIds(
        db,
        rows.flatMap((r) => (r.version.createdBy ? [r.version.createdBy] : [])),
      );
      return {
        versions: rows.map(({ version, file }) => ({
          fileId: file.id,
          number: version.number,
          size: file.size,
          mimeType: file.mimeType,
          current: file.id === item.fileId,
          uploadedBy: version.createdBy ? (people.get(version.createdBy) ?? null) : null,
          createdAt: version.createdAt.toISOString(),
          downloadUrl: itemContentUrl(app.secret, item.id, userId, { version: file.id, download: '1' }),
        })),
      };
    },
  );

  app.post(
    '/items/:id/versions/:fileId/restore',
    {
      schema: {
        params: versionParams,
        body: restoreVersionInput,
        response: { 200: fileItemResponse, ...staleItem },
      },
    },
    async (request) => {
      const userId = actor(request).user.id;
      const { id, fileId } = request.params;
      const row = await orStale(app, userId, () =>
        restoreVersion(app, userId, id, fileId, request.body.version),
      );
      return { item: await toItem(app, userId, row) };
    },
  );

  app.get(
    '/items/:id/activity',
    {
      schema: {
        params: fileItemParams,
        querystring: activityListQuery,
        response: { 200: fileActivityListResponse, ...errors },
      },
    },
    async (request) => {
      const userId = actor(request).user.id;
      const { item } = await requireItem(db, userId, request.params.id);
      const where = eq(fileActivity.itemId, item.id);
      const page = await pagedList(
        request.query,
        ({ limit, offset }) =>
          db
            .select()
            .from(fileActivity)
            .where(where)
            .orderBy(desc(fileActivity.createdAt), desc(fileActivity.id))
            .limit(limit)
            .offset(offset),
        () => db.$count(fileActivity, where),
      );
      const people = await peopleByIds(
        db,
        page.items.flatMap((a) => (a.actorId ? [a.actorId] : [])),
      );
      const { items, ...info } = page;
      return {
        ...info,
        activity: items.map((a) => ({
          id: a.id,
          action: a.action,
          actor: a.actorId ? (people.get(a.actorId) ?? null) : null,
          details: a.details,
          createdAt: a.createdAt.toISOString(),
        })),
      };
    },
  );

  // ── sharing ──

  app.get(
    '/items/:id/shares',
    { schema: { params: fileItemParams, response: { 200: fileSharesResponse, ...errors } } },
    async (request) => {
      const { item } = await requireItem(db, actor(request).user.id, request.params.id);
      return { shares: await sharesOfItem(db, item) };
    },
  );

  app.put(
    '/items/:id/shares/:userId',
    { schema: { params: shareParams, body: shareInput, response: { 200: fileShareResponse, ...errors } } },
    async (request) => ({
      share: await shareWith(
        app,
        actor(request).user.id,
        request.params.id,
        request.params.userId,
        request.body.role,
      ),
    }),
  );

  app.delete(
    '/items/:id/shares/:userId',
    { schema: { params: shareParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await unshare(app, actor(request).user.id, request.params.id, request.params.userId);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/items/:id/links',
    { schema: { params: fileItemParams, response: { 200: fileLinksResponse, ...errors } } },
    async (request) => {
      const { user, isAdmin } = actor(request);
      return { links: await linksOfItem(app, user.id, request.params.id, isAdmin) };
    },
  );

  app.post(
    '/items/:id/links',
    {
      schema: {
        params: fileItemParams,
        body: createLinkInput,
        response: { 200: fileLinkResponse, ...errors },
      },
    },
    async (request) => ({
      link: await createLink(app, actor(request).user.id, request.params.id, request.body),
    }),
  );

  app.get(
    '/links',
    { schema: { querystring: linkListQuery, response: { 200: fileLinkListResponse, ...errors } } },
    async (request) => {
      const { user, isAdmin } = actor(request);
      const { items: _rows, ...page } = await listLinks(app, user.id, request.query, isAdmin);
      return page;
    },
  );

  app.patch(
    '/links/:linkId',
    { schema: { params: linkParams, body: updateLinkInput, response: { 200: fileLinkResponse, ...errors } } },
    async (request) => {
      const { user, isAdmin } = actor(request);
      return { link: await updateLink(app, user.id, request.params.linkId, isAdmin, request.body) };
    },
  );

  app.delete(
    '/links/:linkId',
    { schema: { params: linkParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      const { user, isAdmin } = actor(request);
      await revokeLink(app, user.id, request.params.linkId, isAdmin);
      return reply.code(204).send(null);
    },
  );

  // ── zip, usage, folder picker ──

  app.post(
    '/zip',
    { schema: { body: itemIdsInput, response: { 200: zipLinkResponse, ...errors } } },
    async (request) => {
      const userId = actor(request).user.id;
      for (const id of request.body.ids) await requireItem(db, userId, id);
      const ids = request.body.ids.join(',');
      const exp = (Math.floor(Date.now() / 1000 / LINK_WINDOW_SECONDS) + 2) * LINK_WINDOW_SECONDS;
      const query = new URLSearchParams({
        ids,
        u: userId,
        exp: String(exp),
        sig: zipSignature(app.secret, userId, ids, exp),
      });
      return { url: `/api/files/zip?${query.toString()}` };
    },
  );

  app.get(
    '/usage/by-type',
    { schema: { response: { 200: usageByTypeResponse, ...errors } } },
    async (request) => {
      const userId = actor(request).user.id;
      const rows = await db
        .select({
          mimeType: files.mimeType,
          bytes: sql<string>`sum(${files.size})`,
          count: sql<number>`count(*)::int`,
        })
        .from(files)
        .where(eq(files.ownerId, userId))
        .groupBy(files.mimeType);
      const byKind = new Map<FileKind, { bytes: number; count: number }>();
      for (const row of rows) {
        const kind = fileKindOf(row.mimeType);
        const sum = byKind.get(kind) ?? { bytes: 0, count: 0 };
        byKind.set(kind, { bytes: sum.bytes + Number(row.bytes), count: sum.count + row.count });
      }
      return {
        usage: {
          ...(await storageUsage(app, userId)),
          byType: fileKinds
            .filter((kind) => kind !== 'folder')
            .map((kind) => ({ kind, ...(byKind.get(kind) ?? { bytes: 0, count: 0 }) })),
        },
      };
    },
  );

  app.get(
    '/usage/uploads',
    { schema: { querystring: uploadActivityQuery, response: { 200: uploadActivityResponse, ...errors } } },
    async (request) => {
      const userId = actor(request).user.id;
      const { period } = request.query;
      const now = new Date();
      const unit = period === 'year' ? 'month' : 'day';
      const count = period === 'week' ? 7 : period === 'month' ? 30 : 12;
      const starts: Date[] = [];
      for (let i = count - 1; i >= 0; i--) {
        starts.push(
          unit === 'day'
            ? new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - i))
            : new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - i, 1)),
        );
      }
      const rows = await db
        .select({
          bucket: sql<string>`to_char(date_trunc(${unit}, ${files.createdAt} at time zone 'UTC'), 'YYYY-MM-DD')`,
          mimeType: files.mimeType,
          bytes: sql<string>`sum(${files.size})`,
        })
        .from(files)
        .where(and(eq(files.ownerId, userId), eq(files.use, 'drive'), gte(files.createdAt, starts[0]!)))
        .groupBy(sql`1`, files.mimeType);
      const buckets: UploadActivity['buckets'] = starts.map((start) => ({
        start: start.toISOString(),
        bytes: {},
      }));
      const index = new Map(buckets.map((b, i) => [b.start.slice(0, 10), i]));
      for (const row of rows) {
        const at = index.get(row.bucket);
        if (at === undefined) continue;
        const bytes = buckets[at]!.bytes;
        const kind = fileKindOf(row.mimeType);
        bytes[kind] = (bytes[kind] ?? 0) + Number(row.bytes);
      }
      return { period, buckets };
    },
  );

  app.get(
    '/folders/tree',
    { schema: { querystring: folderTreeQuery, response: { 200: folderTreeResponse, ...errors } } },
    async (request) => {
      const userId = actor(request).user.id;
      const { parentId, view } = request.query;
      const shares = await sharesOf(db, userId);
      let where;
      if (parentId) {
        const { item } = await requireItem(db, userId, parentId);
        if (item.type !== 'folder') throw notFound('File or folder not found');
        where = eq(fileItems.parentId, item.id);
      } else if (view === 'mine') {
        where = and(eq(fileItems.ownerId, userId), sql`${fileItems.parentId} is null`);
      } else {
        const ids = [...shares.keys()];
        if (!ids.length) return { folders: [] };
        where = and(inArray(fileItems.id, ids), sql`${fileItems.ownerId} <> ${userId}::uuid`);
      }
      const rows = await db
        .select()
        .from(fileItems)
        .where(and(where, eq(fileItems.type, 'folder'), sql`${fileItems.deletedAt} is null`))
        .orderBy(sql`lower(${fileItems.name})`, fileItems.id)
        .limit(1000);
      const parents = rows.length
        ? await db
            .selectDistinct({ id: fileItems.parentId })
            .from(fileItems)
            .where(
              and(
                inArray(
                  fileItems.parentId,
                  rows.map((r) => r.id),
                ),
                eq(fileItems.type, 'folder'),
                sql`${fileItems.deletedAt} is null`,
              ),
            )
        : [];
      const withChildren = new Set(parents.map((p) => p.id));
      return {
        folders: rows.map((item) => ({
          hasChildren: withChildren.has(item.id),
          id: item.id,
          name: item.name,
          parentId: item.parentId,
          access: accessOf(userId, item, shares) ?? 'view',
        })),
      };
    },
  );
};

// ── content and zip (signed links or a bearer token) ────────────────────────────────────────────────────

const fileContentRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  app.get(
    '/items/:id/content',
    { schema: { params: fileItemParams, querystring: itemContentQuery, hide: true } },
    async (request, reply) => {
      const { id } = request.params;
      const { exp, sig, u, version, download, disposition } = request.query;
      const valid =
        exp !== undefined &&
        sig !== undefined &&
        u !== undefined &&
        validItemLink(app.secret, id, u, exp, sig);
      const userId = await signedOrBearer(app, request, reply, valid, u, exp !== undefined);
      // Access is checked now, whatever the link says: someone who lost it is refused at once.
      const item = await findItem(db, id);
      if (!item || item.type !== 'file' || !accessOf(userId, item, await sharesOf(db, userId))) {
        throw notFound('File not found');
      }
      let fileId = item.fileId!;
      if (version) {
        const [row] = await db
          .select()
          .from(fileVersions)
          .where(and(eq(fileVersions.itemId, id), eq(fileVersions.fileId, version)));
        if (!row) throw notFound('Version not found');
        fileId = row.fileId;
      }
      const file = await findFile(db, fileId);
      if (!file) throw notFound('File not found');
      const left = valid && exp !== undefined ? exp - Math.floor(Date.now() / 1000) : 0;
      const maxAge = Math.max(0, Math.min(LINK_MAX_SECONDS, left));
      return sendStoredFile(request, reply, app.files.storage, file, `private, max-age=${maxAge}`, {
        download: download === '1',
        pdfInline: disposition === 'inline',
      });
    },
  );

  app.get('/zip', { schema: { querystring: zipQuery, hide: true } }, async (request, reply) => {
    const { ids: text, u, exp, sig } = request.query;
    const ids = zipIds(text);
    const valid =
      u !== undefined &&
      exp !== undefined &&
      sig !== undefined &&
      exp * 1000 > Date.now() &&
      (() => {
        const expected = Buffer.from(zipSignature(app.secret, u, text, exp));
        const given = Buffer.from(sig);
        return given.length === expected.length && timingSafeEqual(given, expected);
      })();
    const userId = await signedOrBearer(app, request, reply, valid, u, exp !== undefined);
    const roots: ItemRow[] = [];
    for (const id of ids) roots.push((await requireItem(db, userId, id)).item);
    return sendZip(app, reply, roots, roots.length === 1 ? roots[0]!.name : 'files');
  });
};

const uuid = z.uuid();

/** The resumable upload's metadata (H3's tus route): the folder and what to do on a name clash. */
function uploadTarget(metadata: Record<string, string>) {
  const folderId = metadata.folderId ?? '';
  if (folderId && !uuid.safeParse(folderId).success) throw badRequest('Unknown folder', 'INVALID_FOLDER');
  const raw = metadata.onConflict ?? 'fail';
  const onConflict = raw === 'keep' ? 'keepBoth' : raw;
  if (!['fail', 'keepBoth', 'replace', 'skip'].includes(onConflict)) {
    throw badRequest('Choose keep both, replace or skip', 'INVALID_ON_CONFLICT');
  }
  return { parentId: folderId || null, onConflict: onConflict as 'fail' | 'keepBoth' | 'replace' | 'skip' };
}

const skipped = (name: string) =>
  new HttpError(409, `“${name}” is already in this folder: skipped`, { code: 'SKIPPED' });

/** The file manager's routes, registered inside the files block's `/api/files` plugin. */
export const fileTreeRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  // A `drive` file is readable by whoever can see an item it is a version of; one in no tree is swept.
  app.files.allowRead('drive', async (userId, file) => {
    const rows = await db
      .select({ item: fileItems })
      .from(fileVersions)
      .innerJoin(fileItems, eq(fileItems.id, fileVersions.itemId))
      .where(eq(fileVersions.fileId, file.id));
    const shares = await sharesOf(db, userId);
    return rows.some((r) => accessOf(userId, r.item, shares) !== null);
  });
  app.files.linkedBy('drive', async (fileIds) => {
    const rows = await db
      .select({ id: fileVersions.fileId })
      .from(fileVersions)
      .where(inArray(fileVersions.fileId, fileIds));
    return rows.map((r) => r.id);
  });
  // Resumable uploads land in the tree: the folder and the clash policy are checked before a byte is taken.
  app.files.onResumableUpload({
    async check(userId, metadata) {
      const { parentId, onConflict } = uploadTarget(metadata);
      const target = await requireTarget(db, userId, parentId);
      const name = cleanFileName(metadata.filename);
      const existing = await itemNamed(db, target.ownerId, target.folder?.id ?? null, name);
      if (existing && onConflict === 'fail') {
        throw new HttpError(409, `An item named “${name}” is already in this folder`, { code: 'NAME_TAKEN' });
      }
      if (existing && onConflict === 'skip') throw skipped(name);
    },
    async place(userId, row, metadata) {
      const { parentId, onConflict } = uploadTarget(metadata);
      if (onConflict === 'skip') {
        const target = await requireTarget(db, userId, parentId);
        if (await itemNamed(db, target.ownerId, target.folder?.id ?? null, row.name)) throw skipped(row.name);
      }
      await placeFile(app, userId, row, { parentId, onConflict });
    },
  });
  await app.register(fileManagerRoutes);
  await app.register(fileContentRoutes);
  await app.register(publicLinkRoutes, { prefix: '/public' });
};
