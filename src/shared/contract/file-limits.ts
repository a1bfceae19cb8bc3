/**
 * The files block's limits and kinds (ADR 018), as plain constants without zod: the client checks a file
 * before uploading it without loading the schemas. `files.ts` re-exports them.
 */
export const MiB = 1024 * 1024;

/** What a file is for. Areas add theirs here (and a reader check on the server, files.plugin.ts). */
/** `kanban`: files attached to a kanban card (uploaded to the card, readable by the board's members). */
/** `product`: a product's pictures (uploaded by an administrator to the product, public like avatars). */
/** `drive`: a file of the file manager (issue 27): any accepted type, limited by the owner's quota room. */
export const fileUses = [
  'avatar',
  'cover',
  'photo',
  'attachment',
  'kanban',
  'product',
  'drive',
  'listing',
] as const;
export type FileUse = (typeof fileUses)[number];

/** Uses whose files anyone may load (an <img> cannot send a bearer token); the rest are private. */
export const publicFileUses = [
  'avatar',
  'cover',
  'photo',
  'product',
  'listing',
] as const satisfies readonly FileUse[];
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
  // A booking listing's cover and gallery (issue 29): pictures of the listing, not of a person.
  listing: { maxBytes: 10 * MiB, types: ['image/png', 'image/jpeg', 'image/webp'] },
  // The file manager's uploads: as large as the owner's quota leaves room for (checked on upload), and at
  // most 2,000 MiB (`files.size` is a 32-bit integer column).
  drive: { maxBytes: 2000 * MiB, types: ATTACHMENT_TYPES },
};

/** Longest original file name kept (as metadata only: the stored name is chosen by the server). */
export const FILE_NAME_MAX = 255;

// ── the file manager (issue 27, ADR 046) ────────────────────────────────────────────────────────────────

/** The kinds of item the file manager shows and filters by (a file's kind follows from its type). */
export const fileKinds = [
  'folder',
  'document',
  'spreadsheet',
  'presentation',
  'pdf',
  'image',
  'video',
  'audio',
  'archive',
  'other',
] as const;
export type FileKind = (typeof fileKinds)[number];

/** The kind of a stored file, from its MIME type (the usage-by-type donut and the type filter use it). */
export function fileKindOf(mimeType: string): Exclude<FileKind, 'folder'> {
  if (mimeType === 'application/pdf') return 'pdf';
  if (mimeType.startsWith('image/')) return 'image';
  if (mimeType.startsWith('video/')) return 'video';
  if (mimeType.startsWith('audio/')) return 'audio';
  if (/zip|x-tar|gzip|x-7z|x-rar|x-bzip/.test(mimeType)) return 'archive';
  if (/spreadsheet|ms-excel|text\/csv/.test(mimeType)) return 'spreadsheet';
  if (/presentation|ms-powerpoint/.test(mimeType)) return 'presentation';
  if (/wordprocessing|opendocument\.text|msword|rtf|^text\//.test(mimeType)) return 'document';
  return 'other';
}

/** Longest item name (a file's or a folder's), and longest tag. */
export const ITEM_NAME_MAX = FILE_NAME_MAX;
export const ITEM_TAG_MAX = 40;
export const ITEM_TAGS_MAX = 20;
/** Items one bulk call (move, copy, trash, restore, delete forever, zip) takes at most. */
export const ITEM_IDS_MAX = 100;
/** Deepest folder nesting. */
export const FOLDER_DEPTH_MAX = 32;
/** Items one zip download holds at most (files, after expanding folders). */
export const ZIP_FILES_MAX = 10_000;
/** Trashed items are deleted forever after this many days (the workspace setting's default). */
export const TRASH_RETENTION_DAYS_DEFAULT = 30;
/** Older versions kept per file (the workspace setting's default; the current one is not counted). */
export const FILE_VERSIONS_KEPT_DEFAULT = 10;
/** Longest share-link password. */
export const LINK_PASSWORD_MAX = 128;
