/**
 * Several items as one zip (issue 27 A): streamed with yazl as it is read from storage, one stored file at
 * a time (each opened only when the zip reaches it), never held whole in memory or on disk. Folders bring
 * what is under them (live items only); names repeated at one path are numbered.
 */
import path from 'node:path';

import { and, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { create as contentDisposition } from 'content-disposition';
import yazl from 'yazl';

import { ZIP_FILES_MAX } from '#shared/contract/files.ts';

import { fileItems, files } from '../../db/schema/index.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { ItemRow } from './files.tree.repo.ts';

interface Entry {
  path: string;
  storageKey: string;
  mtime: Date;
}

function unique(name: string, used: Set<string>): string {
  if (!used.has(name.toLowerCase())) {
    used.add(name.toLowerCase());
    return name;
  }
  const ext = path.posix.extname(name);
  const base = ext ? name.slice(0, -ext.length) : name;
  for (let n = 2; ; n++) {
    const candidate = `${base} (${n})${ext}`;
    if (!used.has(candidate.toLowerCase())) {
      used.add(candidate.toLowerCase());
      return candidate;
    }
  }
}

/** The zip's entries for items the caller may read (folders expanded). */
async function entriesOf(
  app: FastifyInstance,
  roots: ItemRow[],
): Promise<{ entries: Entry[]; folders: string[] }> {
  const db = app.db;
  const entries: Entry[] = [];
  const folders: string[] = [];
  const used = new Set<string>();
  const folderIds = roots.filter((r) => r.type === 'folder').map((r) => r.id);
  const below = folderIds.length
    ? await db
        .select()
        .from(fileItems)
        .where(
          and(
            sql`${fileItems.ancestors} && array[${sql.join(
              folderIds.map((id) => sql`${id}::uuid`),
              sql`, `,
            )}]::uuid[]`,
            sql`${fileItems.deletedAt} is null`,
          ),
        )
        .orderBy(sql`cardinality(${fileItems.ancestors})`, fileItems.name)
    : [];
  // An item chosen with the folder it is in comes once, inside that folder.
  const rootIds = new Set(roots.map((r) => r.id));
  const all = [
    ...roots.filter((r) => !r.ancestors.some((a) => rootIds.has(a))),
    ...below.filter((r) => !rootIds.has(r.id)),
  ];
  if (all.filter((r) => r.type === 'file').length > ZIP_FILES_MAX) {
    throw new HttpError(400, `A zip holds at most ${ZIP_FILES_MAX} files`, { code: 'TOO_MANY_FILES' });
  }
  const fileIds = all.map((r) => r.fileId).filter((id): id is string => Boolean(id));
  const stored = fileIds.length ? await db.select().from(files).where(inArray(files.id, fileIds)) : [];
  const keyOf = new Map(stored.map((f) => [f.id, f.storageKey]));
  const pathOf = new Map<string, string>();
  const usedIn = new Map<string, Set<string>>();
  for (const item of all) {
    const parentPath = rootIds.has(item.id) ? '' : (pathOf.get(item.parentId ?? '') ?? null);
    if (parentPath === null) continue;
    const names = parentPath ? (usedIn.get(parentPath) ?? new Set<string>()) : used;
    usedIn.set(parentPath, names);
    const itemPath = `${parentPath}${unique(item.name, names)}`;
    if (item.type === 'folder') {
      pathOf.set(item.id, `${itemPath}/`);
      folders.push(`${itemPath}/`);
    } else {
      const storageKey = item.fileId ? keyOf.get(item.fileId) : undefined;
      if (storageKey) entries.push({ path: itemPath, storageKey, mtime: item.updatedAt });
    }
  }
  return { entries, folders };
}

/** Answers the items as `name`.zip, streamed. */
export async function sendZip(
  app: FastifyInstance,
  reply: FastifyReply,
  roots: ItemRow[],
  name: string,
): Promise<FastifyReply> {
  const { entries, folders } = await entriesOf(app, roots);
  const zip = new yazl.ZipFile();
  for (const folder of folders) zip.addEmptyDirectory(folder);
  for (const entry of entries) {
    zip.addReadStreamLazy(entry.path, { mtime: entry.mtime, compress: false }, (callback) => {
      app.files.storage.read(entry.storageKey).then(
        (stream) => {
          if (stream) callback(null, stream);
          else callback(new Error(`Missing stored file ${entry.storageKey}`), undefined as never);
        },
        (error: unknown) => callback(error as Error, undefined as never),
      );
    });
  }
  zip.end();
  zip.outputStream.on('error', (error) => app.log.warn({ err: error }, 'Zip stream failed'));
  return reply
    .header('content-type', 'application/zip')
    .header('content-disposition', contentDisposition(`${name}.zip`))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(zip.outputStream);
}
