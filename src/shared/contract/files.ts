/**
 * Files (issue #9 E, ADR 018): every stored upload, whatever area it belongs to. A file has one `use`
 * that fixes its size limit, the types it accepts and who may read it. Public image uses (avatars,
 * covers, gallery photos) are served at `/api/uploads/<name>`; everything else at
 * `/api/files/<id>/content`, to its owner and to whoever the area that uses it says may read it.
 */
import { z } from 'zod';

export const MiB = 1024 * 1024;

/** What a file is for. Areas add theirs here (and a reader check on the server, files.plugin.ts). */
export const fileUses = ['avatar', 'cover', 'photo', 'attachment'] as const;
export type FileUse = (typeof fileUses)[number];

/** Uses whose files anyone may load (an <img> cannot send a bearer token); the rest are private. */
export const publicFileUses = ['avatar', 'cover', 'photo'] as const satisfies readonly FileUse[];

/** Raster images: accepted wherever images are, re-encoded on upload and the only types shown inline. */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;

/** Types an attachment may have (read from the bytes; the name's extension must agree). */
export const ATTACHMENT_TYPES = [
  ...IMAGE_TYPES,
  'application/pdf',
  'application/zip',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.spreadsheet',
  'audio/mpeg',
  'video/mp4',
  'text/plain',
  'text/csv',
] as const;

export interface FileLimits {
  maxBytes: number;
  types: readonly string[];
}

/** Per use: the largest upload and the accepted types (the client checks the same before sending). */
export const FILE_LIMITS: Record<FileUse, FileLimits> = {
  avatar: { maxBytes: 5 * MiB, types: ['image/png', 'image/jpeg', 'image/webp'] },
  cover: { maxBytes: 5 * MiB, types: ['image/png', 'image/jpeg', 'image/webp'] },
  photo: { maxBytes: 5 * MiB, types: ['image/png', 'image/jpeg', 'image/webp'] },
  attachment: { maxBytes: 25 * MiB, types: ATTACHMENT_TYPES },
};

/** Longest original file name kept (as metadata only: the stored name is chosen by the server). */
export const FILE_NAME_MAX = 255;

export const fileSchema = z.object({
  id: z.uuid(),
  use: z.enum(fileUses),
  /** The name it was uploaded with (cleaned), for display and as the download's name. */
  name: z.string(),
  mimeType: z.string(),
  size: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** Where to load it: a public upload path, or a signed content link valid for at least 12 hours. */
  url: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type StoredFile = z.infer<typeof fileSchema>;

export const fileResponse = z.object({ file: fileSchema });

/** `POST /api/files?use=attachment`: the uses a plain upload may have (image uses go through their area). */
export const uploadFileQuery = z.object({
  use: z.enum(['attachment'], { error: 'validation.fileUseInvalid' }).default('attachment'),
});

export const fileIdParams = z.object({ id: z.uuid({ error: 'validation.fileIdInvalid' }) });

/** A signed content link: expiry (unix seconds) and an HMAC of id and expiry. */
export const fileContentQuery = z.object({
  exp: z.coerce.number().int().positive().optional(),
  sig: z
    .string()
    .regex(/^[\w-]{43}$/)
    .optional(),
});

/** `GET /api/uploads/:name`: 32 hex digits and an extension, nothing else is ever opened. */
export const uploadNameParams = z.object({ name: z.string().max(64) });
