/**
 * Files (issue #9 E, ADR 018): every stored upload, whatever area it belongs to. A file has one `use`
 * that fixes its size limit, the types it accepts and who may read it. Public image uses (avatars,
 * covers, gallery photos) are served at `/api/uploads/<name>`; everything else at
 * `/api/files/<id>/content`, to its owner and to whoever the area that uses it says may read it.
 */
import { z } from 'zod';

import { fileUses } from './file-limits.ts';

export * from './file-limits.ts';

export const fileSchema = z.object({
  id: z.uuid(),
  use: z.enum(fileUses),
  /** The name it was uploaded with (cleaned), for display and as the download's name. */
  name: z.string(),
  mimeType: z.string(),
  size: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /**
   * Where to load it: a public upload path, or a signed content link valid for 2½ to 5 minutes (ask again
   * for a fresh one: a link must stop working soon after the permission behind it ends, issue 24 C).
   */
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

/** `GET /api/files/usage`: what the caller's stored files take against their storage quota (issue 24 C). */
export const storageUsageSchema = z.object({
  usedBytes: z.number().int(),
  quotaBytes: z.number().int(),
  /** The quota is the workspace's default (no administrator set one for this person). */
  isDefault: z.boolean(),
});
export type StorageUsage = z.infer<typeof storageUsageSchema>;
export const storageUsageResponse = z.object({ usage: storageUsageSchema });
