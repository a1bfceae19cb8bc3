/**
 * Storing an upload (ADR 018): the one file of a multipart request is streamed to a temporary file (never
 * held whole in memory) under the use's size limit, its type is read from the bytes (`file-type`) and must
 * agree with the name's extension, images are re-encoded, and the result goes to the storage driver under a
 * server-chosen key, with its row in `files`.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fileTypeFromFile } from 'file-type';

import {
  FILE_LIMITS,
  FILE_NAME_MAX,
  IMAGE_TYPES,
  MiB,
  publicFileUses,
  type FileLimits,
  type FileUse,
  type StoredFile,
} from '#shared/contract/files.ts';

import { HttpError, badRequest } from '../../lib/http-error.ts';
import { enforce, type Limit } from '../../lib/rate-limiter.ts';
import { insertFileWithinQuota, storedTotals, type FileRow } from './files.repo.ts';
import { imageSize, reencodeImage, type ImagePreset } from './images.ts';
import { defaultQuota, overQuota, storageUsage } from './quota.ts';
import { newStorageKey, type StorageDescription } from './storage.ts';

// The files module's surface (ADR 035): other modules use files through these and `app.files`
// (plugins/files.ts).
export {
  deleteFiles,
  deleteOwnFile,
  filesOfUseBefore,
  findFile,
  listOwnFiles,
  storageKeysOfOwners,
  type FileRow,
} from './files.repo.ts';
export {
  createDiskStorage,
  newStorageKey,
  STORAGE_KEY,
  type FileStorage,
  type StorageDescription,
  type StorageKind,
} from './storage.ts';
export { createS3Storage, type S3Settings, type StorageSettings } from './storage-s3.ts';

/** Uploads per user, whatever the use. */
export const UPLOAD_LIMIT: Limit = { max: 30, windowSeconds: 10 * 60 };
/** File-manager uploads per user: a dropped folder is many files at once (its quota bounds the bytes). */
export const DRIVE_UPLOAD_LIMIT: Limit = { max: 500, windowSeconds: 10 * 60 };

/** The multipart limits of every upload: one file (its size set per use) and a few small fields. */
export const multipartLimits = {
  fileSize: FILE_LIMITS.attachment.maxBytes,
  files: 1,
  fields: 4,
  parts: 5,
  fieldSize: 1024,
  fieldNameSize: 100,
  headerPairs: 20,
} as const;

/** Images re-encoded per use. */
const PRESETS: Record<FileUse, ImagePreset> = {
  avatar: 'avatar',
  cover: 'cover',
  photo: 'photo',
  attachment: 'attachment',
  kanban: 'attachment',
  product: 'photo',
  drive: 'attachment',
  listing: 'photo',
};

/** The extensions a name may have for each type (images: any image extension, they are re-encoded). */
const EXTENSIONS: Record<string, readonly string[]> = {
  'application/pdf': ['pdf'],
  'application/zip': ['zip'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['docx'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['xlsx'],
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': ['pptx'],
  'application/vnd.oasis.opendocument.text': ['odt'],
  'application/vnd.oasis.opendocument.spreadsheet': ['ods'],
  'audio/mpeg': ['mp3'],
  'video/mp4': ['mp4', 'm4v'],
  'text/plain': ['txt', 'text', 'log', 'md'],
  'text/csv': ['csv'],
};
const IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'jfif', 'webp', 'gif'];

const isImage = (mimeType: string) => (IMAGE_TYPES as readonly string[]).includes(mimeType);
export const isPublicUse = (use: FileUse) => (publicFileUses as readonly FileUse[]).includes(use);

const sizeText = (bytes: number) => `${Math.round(bytes / MiB)} MB`;
const tooLarge = (limits: FileLimits) =>
  new HttpError(413, `The file is too large (at most ${sizeText(limits.maxBytes)})`, {
    code: 'FILE_TOO_LARGE',
  });

/**
 * The uploaded name as metadata: its last path segment, without control or reserved characters, at most
 * 255 characters (keeping the extension); never used for anything on disk.
 */
export function cleanFileName(raw: string | undefined, fallback = 'file'): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  // Control characters and those a file system or a header would choke on.
  // eslint-disable-next-line no-control-regex
  const unsafe = /[\u0000-\u001f\u007f<>:"|?*]/g;
  let name = base.normalize('NFC').replace(unsafe, '').trim();
  name = name.replace(/^\.+/, '').trim() || fallback;
  if (name.length > FILE_NAME_MAX) {
    const ext = path.extname(name).slice(0, 16);
    name = name.slice(0, FILE_NAME_MAX - ext.length) + ext;
  }
  return name;
}

const extensionOf = (name: string) => path.extname(name).slice(1).toLowerCase();

export interface Received {
  path: string;
  size: number;
  name: string;
}

/**
 * How far a multipart body may be larger than the file in it (boundaries, part headers, the few small
 * fields): a declared `Content-Length` beyond the space left plus this is refused before it is read.
 */
const MULTIPART_SLACK = 64 * 1024;

/**
 * Streams the one file of a multipart request to `tmpDir`; 415 when not multipart, 413 over the limit.
 * `room` is what is left of the uploader's storage quota: a file larger than that is cut off as soon as it
 * passes it (`roomError`), like one over the use's limit.
 */
async function receive(
  request: FastifyRequest,
  tmpDir: string,
  limits: FileLimits,
  room: { bytes: number; error: () => HttpError } = { bytes: Infinity, error: () => tooLarge(limits) },
): Promise<Received> {
  if (!request.isMultipart()) {
    throw new HttpError(415, 'Send the file as multipart/form-data', { code: 'UNSUPPORTED_MEDIA_TYPE' });
  }
  const byQuota = room.bytes < limits.maxBytes;
  const over = () => (byQuota ? room.error() : tooLarge(limits));
  const tmp = path.join(tmpDir, randomBytes(16).toString('hex'));
  try {
    const fileSize = Math.min(limits.maxBytes, room.bytes);
    const part = await request.file({ limits: { ...multipartLimits, fileSize } });
    if (!part) throw badRequest('No file was sent', 'NO_FILE');
    await pipeline(part.file, fs.createWriteStream(tmp, { flags: 'wx', mode: 0o600 }));
    if (part.file.truncated) throw over();
    const { size } = await fs.promises.stat(tmp);
    if (size === 0) throw badRequest('The file is empty', 'NO_FILE');
    return { path: tmp, size, name: part.filename };
  } catch (error) {
    await fs.promises.rm(tmp, { force: true });
    if (error instanceof HttpError) throw error;
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw over();
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new HttpError(413, 'Send one file only', { code: 'TOO_MANY_PARTS' });
    }
    // Anything else the multipart parser throws (no boundary, a cut-off body, malformed part headers) is
    // the request's fault: a 400, never a 500 (issue 8 §4.7).
    request.log.info({ err: { message: (error as Error).message, code } }, 'Unreadable multipart upload');
    throw badRequest('The upload could not be read', 'INVALID_UPLOAD');
  }
}

/** Plain text has no magic number: UTF-8 without NUL bytes in its first 64 KiB, typed by its extension. */
async function textType(file: string, name: string): Promise<{ mime: string; ext: string } | null> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(64 * 1024), 0, 64 * 1024, 0);
    const sample = buffer.subarray(0, bytesRead);
    if (sample.includes(0)) return null;
    try {
      // A multi-byte character cut at the sample's end is not an error.
      new TextDecoder('utf-8', { fatal: true }).decode(sample, { stream: true });
    } catch {
      return null;
    }
  } finally {
    await handle.close();
  }
  return extensionOf(name) === 'csv' ? { mime: 'text/csv', ext: 'csv' } : { mime: 'text/plain', ext: 'txt' };
}

/** The type the bytes say, if the use accepts it and the name's extension agrees (SECURITY.md F2). */
async function checkType(received: Received, limits: FileLimits): Promise<{ mime: string; ext: string }> {
  const imagesOnly = limits.types.every(isImage);
  const refused = imagesOnly
    ? badRequest('Upload a PNG, JPEG or WebP image', 'UNSUPPORTED_IMAGE')
    : badRequest('This kind of file cannot be uploaded here', 'UNSUPPORTED_FILE_TYPE');
  const sniffed = await fileTypeFromFile(received.path);
  const type = sniffed
    ? { mime: sniffed.mime as string, ext: sniffed.ext as string }
    : limits.types.includes('text/plain')
      ? await textType(received.path, received.name)
      : null;
  if (!type || !limits.types.includes(type.mime)) throw refused;
  const extension = extensionOf(received.name);
  const allowed = isImage(type.mime) ? IMAGE_EXTENSIONS : (EXTENSIONS[type.mime] ?? [type.ext]);
  if (extension && !allowed.includes(extension)) {
    throw badRequest("The file's name does not match what it contains", 'NAME_TYPE_MISMATCH');
  }
  return type;
}

export interface StoreOptions {
  use: FileUse;
  ownerId: string;
  tmpDir: string;
}

/** Receives, checks, re-encodes (images) and stores the one file of a multipart request, with its row. */
export async function storeUpload(
  app: FastifyInstance,
  request: FastifyRequest,
  { use, ownerId, tmpDir }: StoreOptions,
): Promise<FileRow> {
  const limits = FILE_LIMITS[use];
  // The quota, checked before a byte is read (what is left, and the declared size against it), while
  // streaming (the file is cut off once it passes what is left), and again when the row is written, under a
  // lock on the owner, so that concurrent uploads cannot together pass it (issue 24 C).
  const space = await storageUsage(app, ownerId);
  const refusal = () => overQuota(space);
  const room = space.quotaBytes - space.usedBytes;
  const declared = Number(request.headers['content-length']);
  if (room <= 0 || (Number.isFinite(declared) && declared > room + MULTIPART_SLACK)) throw refusal();
  const received = await receive(request, tmpDir, limits, { bytes: room, error: refusal });
  try {
    const uploader = request.auth?.user.id ?? ownerId;
    await enforce(
      app.db,
      use === 'drive'
        ? [[`upload:drive:${uploader}`, DRIVE_UPLOAD_LIMIT]]
        : [[`upload:user:${uploader}`, UPLOAD_LIMIT]],
    );
    return await storeReceived(app, received, { use, ownerId });
  } finally {
    await fs.promises.rm(received.path, { force: true });
  }
}

/**
 * The checks and storing every upload goes through once its bytes are in a local file (a multipart upload,
 * or a resumable one when its last byte arrived): the type read from the bytes against the use and the
 * name, the name cleaned, images re-encoded, the bytes put in storage and the row written within the
 * owner's quota. The caller removes `received.path`.
 */
export async function storeReceived(
  app: FastifyInstance,
  received: Received,
  { use, ownerId }: { use: FileUse; ownerId: string },
): Promise<FileRow> {
  const limits = FILE_LIMITS[use];
  if (received.size === 0) throw badRequest('The file is empty', 'NO_FILE');
  if (received.size > limits.maxBytes) throw tooLarge(limits);
  const type = await checkType(received, limits);
  let name = cleanFileName(received.name, use);
  let stored: { source: Readable; ext: string; mimeType: string; size: number };
  let dimensions: { width: number | null; height: number | null } = { width: null, height: null };
  if (isImage(type.mime) && use === 'drive') {
    // The file manager keeps what was stored, byte for byte (ADR 046); the image is only checked and sized.
    dimensions = await imageSize(received.path, type.mime);
    stored = {
      source: fs.createReadStream(received.path),
      ext: type.ext,
      mimeType: type.mime,
      size: received.size,
    };
  } else if (isImage(type.mime)) {
    const image = await reencodeImage(received.path, type.mime, PRESETS[use]);
    dimensions = { width: image.width, height: image.height };
    stored = {
      source: Readable.from([image.data]),
      ext: 'webp',
      mimeType: 'image/webp',
      size: image.data.length,
    };
    name = `${extensionOf(name) ? name.slice(0, -path.extname(name).length) : name}.webp`;
  } else {
    stored = {
      source: fs.createReadStream(received.path),
      ext: type.ext,
      mimeType: type.mime,
      size: received.size,
    };
  }
  const storageKey = newStorageKey(stored.ext);
  await app.files.storage.put(storageKey, stored.source);
  let result: Awaited<ReturnType<typeof insertFileWithinQuota>>;
  try {
    const values = { ownerId, use, storageKey, name, mimeType: stored.mimeType, size: stored.size };
    result = await insertFileWithinQuota(app.db, { ...values, ...dimensions }, await defaultQuota(app));
  } catch (error) {
    await app.files.storage.remove([storageKey]);
    throw error;
  }
  if ('refused' in result) {
    // Other uploads of the same person were stored meanwhile: this one no longer fits.
    await app.files.storage.remove([storageKey]);
    throw overQuota(result.refused);
  }
  return result.row;
}

/** The extensions a name of an accepted type of `use` may have (to refuse a resumable upload early). */
export function acceptedExtensions(use: FileUse): Set<string> {
  const types = FILE_LIMITS[use].types;
  return new Set([
    ...(types.some(isImage) ? IMAGE_EXTENSIONS : []),
    ...types.flatMap((type) => EXTENSIONS[type] ?? []),
  ]);
}

// ── locations ───────────────────────────────────────────────────────────────────────────────────────────

export interface StorageLocation extends StorageDescription {
  /** Bytes the instance's stored files take there, and how many files. */
  usedBytes: number;
  fileCount: number;
}

/**
 * Where the instance stores files (the file overview's cards, issue 27 B): one location today, the disk or
 * the bucket of `config.storage`, with what Atrium's files take there and, for a disk, its free and total
 * space (a bucket does not say: null).
 */
export async function storageLocations(app: FastifyInstance): Promise<StorageLocation[]> {
  const [description, totals] = await Promise.all([app.files.storage.describe(), storedTotals(app.db)]);
  return [{ ...description, usedBytes: totals.bytes, fileCount: totals.count }];
}

// ── links ───────────────────────────────────────────────────────────────────────────────────────────────

/**
 * Links are handed out per window of 2½ minutes and live until the end of the next one: a link works 2½
 * to 5 minutes, so it stops working at most 5 minutes after the permission behind it ended (someone
 * removed from a board, issue 24 C), and one file keeps one URL for 2½ minutes, so pages that ask again
 * within that time reuse what the browser has cached.
 */
export const LINK_WINDOW_SECONDS = 150;
/** The longest a content link works: two windows. */
export const LINK_MAX_SECONDS = 2 * LINK_WINDOW_SECONDS;

const signature = (secret: Uint8Array, id: string, exp: number) =>
  createHmac('sha256', secret).update(`file-content:${id}:${exp}`).digest('base64url');

/**
 * A content link for a private file, for someone the server has just checked may read it (an <img> or a
 * download cannot send a bearer token). It expires 2½ to 5 minutes later, at a window's boundary; clients
 * ask for the record again before then (the web app refreshes queries holding links, lib/signed-links.ts).
 */
export function signedContentUrl(secret: Uint8Array, id: string, now = Date.now()): string {
  const exp = (Math.floor(now / 1000 / LINK_WINDOW_SECONDS) + 2) * LINK_WINDOW_SECONDS;
  return `/api/files/${id}/content?exp=${exp}&sig=${signature(secret, id, exp)}`;
}

export function validLink(
  secret: Uint8Array,
  id: string,
  exp: number,
  sig: string,
  now = Date.now(),
): boolean {
  if (exp * 1000 <= now) return false;
  const expected = Buffer.from(signature(secret, id, exp));
  const given = Buffer.from(sig);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export const publicUploadUrl = (storageKey: string) => `/api/uploads/${storageKey}`;

/** The storage key of an `/api/uploads/<key>` URL, or null. */
export function storageKeyOfUrl(url: string | null): string | null {
  return url?.startsWith('/api/uploads/') ? url.slice('/api/uploads/'.length) : null;
}

/** A file as the API shows it, with the URL to load it from. */
export function toStoredFile(secret: Uint8Array, row: FileRow): StoredFile {
  return {
    id: row.id,
    use: row.use,
    name: row.name,
    mimeType: row.mimeType,
    size: row.size,
    width: row.width,
    height: row.height,
    url: isPublicUse(row.use) ? publicUploadUrl(row.storageKey) : signedContentUrl(secret, row.id),
    createdAt: row.createdAt.toISOString(),
  };
}
