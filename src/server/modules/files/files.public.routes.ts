/**
 * Share links for signed-out visitors (issue 27 A, ADR 046): `/api/files/public/<token>…`. The link is read
 * again on every request (revoked, expired, password changed or item trashed: it stops at once). A link with
 * a password answers 401 `LINK_PASSWORD_REQUIRED` until the visitor unlocks it, which gives an access value
 * valid an hour, sent back as `access`.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { errorResponses } from '#shared/contract/common.ts';
import {
  linkTokenParams,
  publicContentParams,
  publicContentQuery,
  publicLinkQuery,
  publicLinkResponse,
  publicZipQuery,
  unlockLinkInput,
  unlockLinkResponse,
  type PublicItem,
} from '#shared/contract/files.ts';

import { fileItems, files } from '../../db/schema/index.ts';
import { HttpError, badRequest, notFound } from '../../lib/http-error.ts';
import { pagedList } from '../../lib/list.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { enforce, type Limit } from '../../lib/rate-limiter.ts';
import { noStore } from '../../plugins/auth.ts';
import {
  itemInLink,
  linkAccess,
  linkBreadcrumbs,
  liveLink,
  openLink,
  type OpenLink,
} from './files.sharing.ts';
import { peopleByIds, type ItemRow } from './files.tree.repo.ts';
import { sendZip } from './files.zip.ts';
import { sendStoredFile } from './send-file.ts';

/** Password tries per link and address. */
const UNLOCK_LIMIT: Limit = { max: 10, windowSeconds: 10 * 60 };

export const publicLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  noStore(app);

  async function toPublic(
    open: OpenLink,
    rows: ItemRow[],
    access: string | undefined,
  ): Promise<PublicItem[]> {
    const fileIds = rows.map((r) => r.fileId).filter((id): id is string => Boolean(id));
    const stored = fileIds.length ? await db.select().from(files).where(inArray(files.id, fileIds)) : [];
    const byId = new Map(stored.map((f) => [f.id, f]));
    const suffix = access ? `access=${encodeURIComponent(access)}` : '';
    return rows.map((row) => {
      const file = row.fileId ? byId.get(row.fileId) : undefined;
      const base = `/api/files/public/${open.link.token}/content/${row.id}`;
      return {
        id: row.id,
        type: row.type,
        kind: row.kind,
        name: row.name,
        mimeType: file?.mimeType ?? null,
        size: file?.size ?? 0,
        url: file && !open.link.downloadOnly ? `${base}${suffix ? `?${suffix}` : ''}` : null,
        downloadUrl: file ? `${base}?download=1${suffix ? `&${suffix}` : ''}` : null,
        updatedAt: row.updatedAt.toISOString(),
      };
    });
  }

  app.get(
    '/:token',
    {
      schema: {
        params: linkTokenParams,
        querystring: publicLinkQuery,
        response: { 200: publicLinkResponse, ...errorResponses },
      },
    },
    async (request) => {
      const { token } = request.params;
      const { access, parentId, ...paging } = request.query;
      const open = await openLink(app, token, access);
      const folder = parentId ? await itemInLink(db, open, parentId) : open.item;
      if (parentId && folder.type !== 'folder') throw notFound('Folder not found');
      const page =
        folder.type === 'folder'
          ? await pagedList(
              paging,
              ({ limit, offset }) =>
                db
                  .select()
                  .from(fileItems)
                  .where(and(eq(fileItems.parentId, folder.id), sql`${fileItems.deletedAt} is null`))
                  .orderBy(
                    sql`${fileItems.type} = 'folder' desc`,
                    asc(sql`lower(${fileItems.name})`),
                    asc(fileItems.id),
                  )
                  .limit(limit)
                  .offset(offset),
              () =>
                db.$count(
                  fileItems,
                  and(eq(fileItems.parentId, folder.id), sql`${fileItems.deletedAt} is null`),
                ),
            )
          : { items: [], total: 0, page: 1, pageSize: paging.pageSize, hasNextPage: false };
      const owner = (await peopleByIds(db, [open.item.ownerId])).get(open.item.ownerId);
      const [item] = await toPublic(open, [open.item], access);
      return {
        link: {
          item: item!,
          ownerName: owner?.name ?? '',
          expiresAt: open.link.expiresAt?.toISOString() ?? null,
          downloadOnly: open.link.downloadOnly,
        },
        items: await toPublic(open, page.items, access),
        breadcrumbs: folder.type === 'folder' ? await linkBreadcrumbs(db, open, folder) : [],
        total: page.total,
        page: page.page,
        pageSize: page.pageSize,
        hasNextPage: page.hasNextPage,
        zipUrl: `/api/files/public/${token}/zip${access ? `?access=${encodeURIComponent(access)}` : ''}`,
      };
    },
  );

  app.post(
    '/:token/unlock',
    {
      schema: {
        params: linkTokenParams,
        body: unlockLinkInput,
        response: { 200: unlockLinkResponse, ...errorResponses },
      },
    },
    async (request) => {
      const open = await liveLink(db, request.params.token);
      await enforce(db, [[`file-link:${open.link.id}:${request.ip}`, UNLOCK_LIMIT]]);
      if (!open.link.passwordHash) throw badRequest('This link has no password', 'NO_PASSWORD');
      if (!(await verifyPassword(open.link.passwordHash, request.body.password))) {
        throw new HttpError(403, 'Wrong password', { code: 'LINK_PASSWORD_WRONG' });
      }
      const { access, expiresAt } = linkAccess(app.secret, open.link);
      return { access, expiresAt: expiresAt.toISOString() };
    },
  );

  app.get(
    '/:token/content/:itemId',
    { schema: { params: publicContentParams, querystring: publicContentQuery, hide: true } },
    async (request, reply) => {
      const open = await openLink(app, request.params.token, request.query.access);
      const item = await itemInLink(db, open, request.params.itemId);
      if (item.type !== 'file' || !item.fileId) throw notFound('File not found');
      const [file] = await db.select().from(files).where(eq(files.id, item.fileId));
      if (!file) throw notFound('File not found');
      const download = open.link.downloadOnly || request.query.download === '1';
      return sendStoredFile(request, reply, app.files.storage, file, 'private, no-store', {
        download,
        pdfInline: request.query.disposition === 'inline',
      });
    },
  );

  app.get(
    '/:token/zip',
    { schema: { params: linkTokenParams, querystring: publicZipQuery, hide: true } },
    async (request, reply) => {
      const open = await openLink(app, request.params.token, request.query.access);
      const ids = request.query.ids ? [...new Set(request.query.ids.split(',').filter(Boolean))] : [];
      if (ids.length > 100) throw badRequest('Select between 1 and 100 items', 'INVALID_IDS');
      const roots: ItemRow[] = [];
      for (const id of ids) {
        if (!/^[0-9a-f-]{36}$/i.test(id)) throw badRequest('Select between 1 and 100 items', 'INVALID_IDS');
        roots.push(await itemInLink(db, open, id));
      }
      const chosen = roots.length ? roots : [open.item];
      return sendZip(app, reply, chosen, chosen.length === 1 ? chosen[0]!.name : open.item.name);
    },
  );
};
