/**
 * The files block's limits and kinds (ADR 018), as plain constants without zod: the client checks a file
 * before uploading it without loading the schemas. `files.ts` re-exports them.
 */
export const MiB = 1024 * 1024;

/** What a file is for. Areas add theirs here (and a reader check on the server, files.plugin.ts). */
/** `kanban`: files attached to a kanban card (uploaded to the card, readable by the board's members). */
/** `product`: a product's pictures (uploaded by an administrator to the product, public like avatars). */
export const fileUses = ['avatar', 'cover', 'photo', 'attachment', 'kanban', 'product'] as const;
export type FileUse = (typeof fileUses)[number];

/** Uses whose files anyone may load (an <img> cannot send a bearer token); the rest are private. */
export const publicFileUses = ['avatar', 'cover', 'photo', 'product'] as const satisfies readonly FileUse[];
export type PublicFileUse = (typeof publicFileUses)[number];

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

/** A file chooser's filter for attachments: their types and the usual extensions. */
export const ATTACHMENT_ACCEPT = [
  ...ATTACHMENT_TYPES,
  '.pdf,.zip,.docx,.xlsx,.pptx,.odt,.ods,.mp3,.mp4,.txt,.csv',
].join(',');

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
  kanban: { maxBytes: 25 * MiB, types: ATTACHMENT_TYPES },
  product: { maxBytes: 10 * MiB, types: ['image/png', 'image/jpeg', 'image/webp'] },
};

/** Longest original file name kept (as metadata only: the stored name is chosen by the server). */
export const FILE_NAME_MAX = 255;
