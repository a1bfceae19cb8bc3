/**
 * Image uploads (SECURITY.md §1.6): the type is read from the bytes, never from the name or the declared
 * type; every image is decoded and re-encoded by sharp (pixel limit, EXIF orientation applied, metadata
 * stripped, WebP out) and stored under a random server-chosen name in the uploads directory.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import sharp, { type Metadata } from 'sharp';

import { UPLOAD_MAX_BYTES } from '#shared/contract/users.ts';

import { HttpError, badRequest } from './http-error.ts';

/** Largest decoded image: 40 megapixels (sharp's default is 268 MP, SECURITY.md §0.9). */
export const MAX_INPUT_PIXELS = 40_000_000;

/** The multipart limits of every upload route: one file of at most 5 MiB and a few small fields. */
export const multipartLimits = {
  fileSize: UPLOAD_MAX_BYTES,
  files: 1,
  fields: 4,
  parts: 5,
  fieldSize: 1024,
  fieldNameSize: 100,
  headerPairs: 20,
} as const;

export type SniffedType = 'png' | 'jpeg' | 'webp';

/** The image type the magic number at the start of the bytes says, or null. */
export function sniffImageType(bytes: Buffer): SniffedType | null {
  if (
    bytes.length >= 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  ) {
    return 'png';
  }
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (
    bytes.length >= 12 &&
    bytes.toString('latin1', 0, 4) === 'RIFF' &&
    bytes.toString('latin1', 8, 12) === 'WEBP'
  ) {
    return 'webp';
  }
  return null;
}

export type ImagePreset = 'avatar' | 'cover' | 'photo';

export interface ProcessedImage {
  data: Buffer;
  width: number;
  height: number;
}

const unsupported = () => badRequest('Upload a PNG, JPEG or WebP image', 'UNSUPPORTED_IMAGE');

/**
 * Checks and re-encodes an uploaded image: avatars 512×512 (cropped to fill), covers at most 1920 wide,
 * photos at most 1600×1600. Output is WebP without any metadata (no EXIF, GPS, ICC comments).
 */
export async function processImage(bytes: Buffer, preset: ImagePreset): Promise<ProcessedImage> {
  const sniffed = sniffImageType(bytes);
  if (!sniffed) throw unsupported();
  const options = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', animated: false } as const;
  let metadata: Metadata;
  try {
    // Header only (nothing is decoded), so the pixel count can be reported before any decoding.
    metadata = await sharp(bytes, { ...options, limitInputPixels: false }).metadata();
  } catch {
    throw badRequest('The image could not be read', 'INVALID_IMAGE');
  }
  if (metadata.format !== sniffed) throw unsupported();
  if (!metadata.width || !metadata.height) throw badRequest('The image could not be read', 'INVALID_IMAGE');
  if (metadata.width * metadata.height > MAX_INPUT_PIXELS) {
    throw badRequest('The image has too many pixels (at most 40 megapixels)', 'IMAGE_TOO_LARGE');
  }
  let pipeline = sharp(bytes, options).rotate();
  if (preset === 'avatar') pipeline = pipeline.resize(512, 512, { fit: 'cover', position: 'attention' });
  else if (preset === 'cover') pipeline = pipeline.resize({ width: 1920, withoutEnlargement: true });
  else pipeline = pipeline.resize(1600, 1600, { fit: 'inside', withoutEnlargement: true });
  try {
    const { data, info } = await pipeline.webp({ quality: 82 }).toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } catch {
    throw badRequest('The image could not be read', 'INVALID_IMAGE');
  }
}

/** The one file of a multipart upload request, as bytes; 413 when too large, 415 when not multipart. */
export async function readUploadedFile(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) {
    throw new HttpError(415, 'Send the image as multipart/form-data', { code: 'UNSUPPORTED_MEDIA_TYPE' });
  }
  try {
    const file = await request.file({ limits: multipartLimits });
    if (!file) throw badRequest('No file was sent', 'NO_FILE');
    const bytes = await file.toBuffer();
    if (bytes.length === 0) throw badRequest('The file is empty', 'NO_FILE');
    return bytes;
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new HttpError(413, 'The file is too large (at most 5 MB)', { code: 'FILE_TOO_LARGE' });
    }
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new HttpError(413, 'Send one file only', { code: 'TOO_MANY_PARTS' });
    }
    // Anything else the multipart parser throws (no boundary, a cut-off body, malformed part headers) is
    // the request's fault: a 400, never a 500 (issue 8 §4.7).
    request.log.info({ err: { message: (error as Error).message, code } }, 'Unreadable multipart upload');
    throw badRequest('The upload could not be read', 'INVALID_UPLOAD');
  }
}

// ── storage ─────────────────────────────────────────────────────────────────────────────────────────────

/** Stored names: 32 random hex digits and `.webp`. Anything else is never opened. */
export const UPLOAD_NAME = /^[0-9a-f]{32}\.webp$/;

export const uploadUrl = (fileName: string) => `/api/uploads/${fileName}`;

/** The stored file name of an `/api/uploads/<name>` URL, or null. */
export function fileNameOfUrl(url: string | null): string | null {
  const name = url?.startsWith('/api/uploads/') ? url.slice('/api/uploads/'.length) : null;
  return name && UPLOAD_NAME.test(name) ? name : null;
}

export interface UploadStore {
  dir: string;
  /** Writes bytes under a new random name and returns the name. */
  save(data: Buffer): Promise<string>;
  /** Absolute path of a stored name, or null when the name is not one of ours. */
  pathOf(name: string): string | null;
  /** Deletes stored files; missing ones are ignored. */
  remove(names: string[]): Promise<void>;
}

export function createUploadStore(dir: string): UploadStore {
  fs.mkdirSync(dir, { recursive: true });
  const pathOf = (name: string) => (UPLOAD_NAME.test(name) ? path.join(dir, name) : null);
  return {
    dir,
    pathOf,
    async save(data) {
      const name = `${randomBytes(16).toString('hex')}.webp`;
      await fs.promises.writeFile(path.join(dir, name), data, { flag: 'wx', mode: 0o640 });
      return name;
    },
    async remove(names) {
      await Promise.all(
        names.map(async (name) => {
          const file = pathOf(name);
          if (file) await fs.promises.rm(file, { force: true });
        }),
      );
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    uploads: UploadStore;
  }
}

/**
 * Decorates `app.uploads` with the store in `config.uploadsDir`; without one (tests) a temporary folder
 * that is removed when the app closes.
 */
export const uploadsPlugin = fp(
  async (app: FastifyInstance) => {
    const configured = app.config.uploadsDir;
    const dir = configured ?? fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-uploads-'));
    app.decorate('uploads', createUploadStore(dir));
    if (!configured) {
      app.addHook('onClose', async () => {
        await fs.promises.rm(dir, { recursive: true, force: true });
      });
    }
  },
  { name: 'uploads' },
);
