/**
 * Resumable uploads (issue 27 A, ADR 047): the tus 1.0 protocol (creation and termination) at
 * `/api/files/uploads`, for the file manager's large files. The bytes arrive in chunks (PATCH), each
 * stored as a part in the storage driver, with the upload's state in the database (resumable.store.ts), and
 * survive a dropped connection: the client asks where it stopped (HEAD) and goes on from there, on this
 * instance or any other that shares the database and the store. When the last byte is in, the parts are
 * put together in `<uploads>/.resumable/<uploadId>` and the file goes through the same checks as
 * a multipart upload (`storeReceived`: type from the bytes, name, images re-encoded, quota) and becomes a
 * `files` row of use `drive`, whose id the completing PATCH answers (RESUMABLE_FILE_ID_HEADER).
 *
 * @tus/server does the protocol; this plugin authenticates every request, lets only the creator touch an
 * upload (404 for anyone else), refuses at creation what cannot end well (no length, a name of a type not
 * accepted, over the use's limit or the person's quota, too many uploads), and answers refusals as JSON
 * `{ message, code }` like every other route.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';

import { Metadata, Server } from '@tus/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

import { errorResponses } from '#shared/contract/common.ts';
import {
  FILE_LIMITS,
  RESUMABLE_FILE_ID_HEADER,
  fileResponse,
  resumableUploadParams,
} from '#shared/contract/files.ts';

import { HttpError, badRequest, conflict, notFound } from '../../lib/http-error.ts';
import { enforce, type Limit } from '../../lib/rate-limiter.ts';
import { actor } from '../../plugins/auth.ts';
import { deleteFiles, findFile } from './files.repo.ts';
import { acceptedExtensions, cleanFileName, storeReceived } from './files.service.ts';
import { formatBytes, overQuota, storageUsage } from './quota.ts';
import { OWNER_KEY, ResumableStore, type UploadRecord } from './resumable.store.ts';

const USE = 'drive' as const;
/** Where the router mounts this plugin; tus builds the `Location` of a new upload from it. */
export const RESUMABLE_PATH = '/api/files/uploads';
/** New resumable uploads per person. */
export const RESUMABLE_LIMIT: Limit = {
  max: 200,
  windowSeconds: 10 * 60,
  message: 'Too many uploads started in a short time; wait a few minutes',
};
/** Uploads a person may have started and not finished at once. */
export const UNFINISHED_MAX = 20;
/** An upload that has not received a byte for this long is removed. */
export const RESUMABLE_STALE_MS = 24 * 60 * 60 * 1000;
/** A finished upload's record (its file's id, for a client that lost the answer) is kept this long. */
export const RESUMABLE_RESULT_MS = 60 * 60 * 1000;
const SWEEP_EVERY_MS = 60 * 60 * 1000;

/** Metadata keys the server reads or sets (whatever the client sent under them is dropped). */
const FILE_KEY = 'atrium-file';

interface Context {
  userId: string;
  /** A refusal of ours, answered as it is instead of tus's plain-text error. */
  error?: unknown;
}

const tusError = (status: number) => ({ status_code: status, body: 'Refused\n' });

export const resumableRoutes: FastifyPluginAsyncZod = async (app) => {
  // The parts are put together here (on this instance's disk) for the checks once the last byte is in.
  const dir = path.join(app.files.dir, '.resumable');
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const store = new ResumableStore(app.db, app.files.storage);
  const contexts = new WeakMap<Request, Context>();
  const dataPath = (id: string) => path.join(dir, id);

  /** Removes an upload's parts, record and local copy; any may be gone already. */
  async function discard(id: string): Promise<void> {
    await fs.promises.rm(dataPath(id), { force: true });
    await store.remove(id);
  }

  const tus = new Server({
    path: RESUMABLE_PATH,
    datastore: store,
    relativeLocation: true,
    respectForwardedHeaders: false,
    maxSize: FILE_LIMITS[USE].maxBytes,
    namingFunction: () => randomBytes(16).toString('hex'),
    async onUploadCreate(req, upload) {
      const context = contexts.get(req);
      if (!context) throw tusError(401);
      return { metadata: { ...clientMetadata(upload.metadata), [OWNER_KEY]: context.userId } };
    },
    async onUploadFinish(req, upload) {
      const context = contexts.get(req);
      if (!context) throw tusError(401);
      const metadata = clientMetadata(upload.metadata);
      try {
        await store.assemble(upload.id, dataPath(upload.id));
        const row = await storeReceived(
          app,
          { path: dataPath(upload.id), size: upload.size ?? 0, name: metadata.filename ?? '' },
          { use: USE, ownerId: context.userId },
        );
        try {
          await app.files.resumable?.place?.(context.userId, row, metadata);
        } catch (error) {
          await deleteFiles(app.db, [row.id]);
          await app.files.storage.remove([row.storageKey]);
          throw error;
        }
        // The bytes are stored; the record stays (until swept) so that a client that lost the answer
        // learns the file's id from a HEAD or the result route.
        await fs.promises.rm(dataPath(upload.id), { force: true });
        await store.finish(upload.id, row.id);
        return { headers: { [RESUMABLE_FILE_ID_HEADER]: row.id } };
      } catch (error) {
        await discard(upload.id);
        context.error = error;
        throw tusError(error instanceof HttpError ? error.statusCode : 500);
      }
    },
  });

  /** Hands the request to tus and answers with what it says (refusals as JSON). */
  async function handOver(request: FastifyRequest, reply: FastifyReply, userId: string) {
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      if (value === undefined || name === 'host' || name === 'connection') continue;
      headers.set(name, Array.isArray(value) ? value.join(', ') : value);
    }
    const hasBody = request.headers['content-type'] === 'application/offset+octet-stream';
    const webRequest = new Request(`http://atrium${request.url}`, {
      method: request.method,
      headers,
      ...(hasBody ? { body: Readable.toWeb(request.raw) as ReadableStream, duplex: 'half' } : {}),
    } as RequestInit);
    const context: Context = { userId };
    contexts.set(webRequest, context);
    const response = await tus.handleWeb(webRequest);
    if (context.error) throw context.error;
    const text = await response.text();
    if (response.status >= 400) {
      throw new HttpError(response.status, text.trim() || 'The upload was refused', {
        code: 'UPLOAD_REFUSED',
      });
    }
    response.headers.forEach((value, name) => {
      if (name !== 'content-length') reply.header(name, value);
    });
    reply.header('cache-control', 'no-store');
    return reply.code(response.status).send(text || undefined);
  }

  /** The upload, if it exists and `userId` created it; 404 otherwise (never a hint it exists). */
  async function ownUpload(uploadId: string, userId: string): Promise<UploadRecord> {
    const info = await store.record(uploadId);
    if (!info || info.ownerId !== userId) throw notFound('Upload not found');
    return info;
  }

  /** Everything that can be refused before a byte is accepted. */
  async function checkCreation(request: FastifyRequest, userId: string): Promise<void> {
    const lengthHeader = request.headers['upload-length'];
    if (typeof lengthHeader !== 'string' || !/^\d{1,16}$/.test(lengthHeader)) {
      throw badRequest('Send the upload\u2019s length (Upload-Length)', 'UPLOAD_LENGTH_REQUIRED');
    }
    const size = Number(lengthHeader);
    const metadata = parseMetadata(request.headers['upload-metadata']);
    if (!metadata.filename?.trim()) throw badRequest('Send the file\u2019s name (filename)', 'NO_FILE_NAME');
    if (size === 0) throw badRequest('The file is empty', 'NO_FILE');
    const extension = path.extname(cleanFileName(metadata.filename)).slice(1).toLowerCase();
    if (extension && !acceptedExtensions(USE).has(extension)) {
      throw badRequest('This kind of file cannot be uploaded here', 'UNSUPPORTED_FILE_TYPE');
    }
    const limit = FILE_LIMITS[USE].maxBytes;
    if (size > limit) {
      throw new HttpError(413, `The file is too large (at most ${formatBytes(limit)})`, {
        code: 'FILE_TOO_LARGE',
      });
    }
    await enforce(app.db, [[`resumable:user:${userId}`, RESUMABLE_LIMIT]]);
    const unfinished = await store.unfinishedOf(userId);
    if (unfinished.count >= UNFINISHED_MAX) {
      throw new HttpError(429, `Finish or cancel some of your ${UNFINISHED_MAX} unfinished uploads first`, {
        code: 'TOO_MANY_UPLOADS',
      });
    }
    // The quota counts what is stored and what the person's unfinished uploads will add (checked again,
    // under a lock, when the row is written).
    const space = await storageUsage(app, userId);
    const used = space.usedBytes + unfinished.bytes;
    if (used + size > space.quotaBytes) throw overQuota({ quotaBytes: space.quotaBytes, usedBytes: used });
    await app.files.resumable?.check?.(userId, metadata);
  }

  // The chunks are read by tus from the request itself.
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));

  const params = { params: resumableUploadParams, hide: true };

  app.post('/', { onRequest: app.authenticate, schema: { hide: true } }, async (request, reply) => {
    const { user } = actor(request);
    await checkCreation(request, user.id);
    return handOver(request, reply, user.id);
  });

  app.head('/:uploadId', { onRequest: app.authenticate, schema: params }, async (request, reply) => {
    const { user } = actor(request);
    const info = await ownUpload(request.params.uploadId, user.id);
    const fileId = info.fileId;
    if (!fileId) return handOver(request, reply, user.id);
    return reply
      .header('tus-resumable', '1.0.0')
      .header('upload-offset', String(info.size))
      .header('upload-length', String(info.size))
      .header(RESUMABLE_FILE_ID_HEADER, fileId)
      .header('cache-control', 'no-store')
      .send();
  });

  app.patch('/:uploadId', { onRequest: app.authenticate, schema: params }, async (request, reply) => {
    const { user } = actor(request);
    const info = await ownUpload(request.params.uploadId, user.id);
    if (info.fileId) throw conflict('This upload is already complete', 'UPLOAD_COMPLETE');
    return handOver(request, reply, user.id);
  });

  app.delete('/:uploadId', { onRequest: app.authenticate, schema: params }, async (request, reply) => {
    const { user } = actor(request);
    const info = await ownUpload(request.params.uploadId, user.id);
    // Cancelling a finished upload forgets it; the stored file stays (it is deleted in the file manager).
    await discard(info.id);
    return reply.header('tus-resumable', '1.0.0').code(204).send();
  });

  app.get(
    '/:uploadId/result',
    {
      onRequest: app.authenticate,
      schema: { params: resumableUploadParams, response: { 200: fileResponse, ...errorResponses } },
    },
    async (request, reply) => {
      const { user } = actor(request);
      const info = await ownUpload(request.params.uploadId, user.id);
      const fileId = info.fileId;
      if (!fileId) throw conflict('This upload is not complete yet', 'UPLOAD_INCOMPLETE');
      const row = await findFile(app.db, fileId);
      if (!row) throw notFound('Upload not found');
      reply.header('cache-control', 'no-store');
      return { file: app.files.toFile(row) };
    },
  );

  // Never awaited: an instance starts (and answers /api/health with 503) while its database is down.
  const sweep = () =>
    sweepStaleUploads(store, dir).catch((error: unknown) =>
      app.log.warn({ err: error }, 'Sweeping resumable uploads failed'),
    );
  app.addHook('onReady', async () => void sweep());
  const timer = setInterval(() => void sweep(), SWEEP_EVERY_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
};

/**
 * Removes the unfinished uploads that received no byte for RESUMABLE_STALE_MS and the records of finished
 * ones older than RESUMABLE_RESULT_MS (run at start and hourly, by every instance), and the local copies in
 * `dir` that a stopped instance left behind.
 */
export async function sweepStaleUploads(store: ResumableStore, dir: string, now = Date.now()): Promise<void> {
  await store.sweep(RESUMABLE_STALE_MS, RESUMABLE_RESULT_MS, now);
  for (const name of await fs.promises.readdir(dir).catch(() => [])) {
    const stat = await fs.promises.stat(path.join(dir, name)).catch(() => null);
    if (stat && now - stat.mtimeMs > RESUMABLE_STALE_MS)
      await fs.promises.rm(path.join(dir, name), { force: true });
  }
}

/** `Upload-Metadata` as the client sent it (400 when it cannot be read). */
function parseMetadata(header: string | string[] | undefined): Record<string, string> {
  if (typeof header !== 'string') return {};
  try {
    return clientMetadata(Metadata.parse(header));
  } catch {
    throw badRequest('The upload\u2019s metadata could not be read', 'INVALID_METADATA');
  }
}

/** The metadata the client sent, without the keys the server sets. */
function clientMetadata(metadata: Record<string, string | null> | undefined): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [key, value] of Object.entries(metadata ?? {})) {
    if (key !== OWNER_KEY && key !== FILE_KEY && typeof value === 'string') result[key] = value;
  }
  return result;
}
