/**
 * Files (issue #9 E, ADR 018): every stored upload, whatever area it belongs to. A file has one `use`
 * that fixes its size limit, the types it accepts and who may read it. Public image uses (avatars,
 * covers, gallery photos) are served at `/api/uploads/<name>`; everything else at
 * `/api/files/<id>/content`, to its owner and to whoever the area that uses it says may read it.
 */
import { z } from 'zod';

import { versionField } from './common.ts';
import {
  fileKinds,
  fileUses,
  ITEM_IDS_MAX,
  ITEM_NAME_MAX,
  ITEM_TAG_MAX,
  ITEM_TAGS_MAX,
  LINK_PASSWORD_MAX,
} from './file-limits.ts';
import {
  endBoundField,
  listPageSchema,
  orderField,
  pageFields,
  pageInfoFields,
  searchField,
  startBoundField,
} from './list.ts';

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
  use: z.enum(['attachment', 'drive'], { error: 'validation.fileUseInvalid' }).default('attachment'),
});

export const fileIdParams = z.object({ id: z.uuid({ error: 'validation.fileIdInvalid' }) });

/**
 * Resumable uploads (tus 1.0, ADR 047) at `/api/files/uploads/:uploadId`: the id is 32 hex digits chosen by
 * the server. The PATCH that completes an upload answers the stored file's id in this header; so does a HEAD
 * of a completed upload, and `GET /api/files/uploads/:uploadId/result` answers the file (fileResponse).
 */
export const resumableUploadParams = z.object({
  uploadId: z.string().regex(/^[0-9a-f]{32}$/, { error: 'validation.fileIdInvalid' }),
});
export const RESUMABLE_FILE_ID_HEADER = 'Atrium-File-Id';

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

// ════════════════════════════════════════════════════════════════════════════════════════════════════════
// The file manager (issue 27 A, ADR 046): a tree of items per owner (folders and files), under
// `/api/files/…` paths that never clash with the `/:id` routes above (their segments are not uuids).
//
//   GET    /api/files/items                         list (fileListQuery → fileListResponse)
//   GET    /api/files/items/:id                     one item, its breadcrumbs (→ fileItemDetailResponse);
//                                                   counts as a "recent" view of a file
//   POST   /api/files/folders                       new folder (createFolderInput → fileItemResponse)
//   POST   /api/files/items                         place an uploaded `drive` file (placeFileInput →
//                                                   placeFileResponse; 409 NAME_TAKEN with onConflict 'fail')
//   POST   /api/files/items/save                    "Save to files": copy a readable attachment (mail,
//                                                   chat, kanban) into the tree (saveToFilesInput → placeFileResponse)
//   PATCH  /api/files/items/:id                     rename / move / tags / favourite (updateItemInput →
//                                                   fileItemResponse; 409 STALE with `current`, 409 NAME_TAKEN)
//   POST   /api/files/items/move                    bulk move (moveItemsInput → fileItemsResponse)
//   POST   /api/files/items/copy                    bulk copy (copyItemsInput → fileItemsResponse)
//   DELETE /api/files/items/:id                     to the trash (204)
//   POST   /api/files/items/trash                   bulk to the trash (itemIdsInput → 204)
//   POST   /api/files/items/restore                 restore from the trash (itemIdsInput → fileItemsResponse)
//   POST   /api/files/items/delete-forever          delete trashed items forever (itemIdsInput → 204)
//   POST   /api/files/trash/empty                   empty the caller's trash (→ 204)
//   GET    /api/files/items/:id/content             the bytes (signed link from `url`/`downloadUrl`, or a
//                                                   bearer token); `?version=<fileId>` an older version
//   GET    /api/files/items/:id/versions            (→ fileVersionsResponse)
//   POST   /api/files/items/:id/versions/:fileId/restore   (restoreVersionInput → fileItemResponse)
//   GET    /api/files/items/:id/activity            (activityListQuery → fileActivityListResponse)
//   GET    /api/files/items/:id/shares              people it is shared with (→ fileSharesResponse)
//   PUT    /api/files/items/:id/shares/:userId      share / change role (shareInput → fileShareResponse)
//   DELETE /api/files/items/:id/shares/:userId      stop sharing (204)
//   GET    /api/files/items/:id/links               its links (→ fileLinksResponse)
//   POST   /api/files/items/:id/links               new link (createLinkInput → fileLinkResponse)
//   GET    /api/files/links                         "Shared links" (linkListQuery → fileLinkListResponse;
//                                                   `scope=all` for administrators)
//   PATCH  /api/files/links/:linkId                 change expiry / password / download-only (updateLinkInput)
//   DELETE /api/files/links/:linkId                 revoke (owner or administrator; 204)
//   GET    /api/files/zip?ids=…                     several items as one zip, streamed (bearer token)
//   POST   /api/files/zip                           a short-lived signed zip URL (itemIdsInput → zipLinkResponse)
//   GET    /api/files/usage/by-type                 (→ usageByTypeResponse)
//   GET    /api/files/usage/uploads?period=         bytes uploaded per kind over time (→ uploadActivityResponse)
//   GET    /api/files/folders/tree?parentId=        folders for a picker (folderTreeQuery → folderTreeResponse)
//   Signed out (link visitors):
//   GET    /api/files/public/:token                 the link and (folder) its items (publicLinkQuery →
//                                                   publicLinkResponse; 401 LINK_PASSWORD_REQUIRED)
//   POST   /api/files/public/:token/unlock          (unlockLinkInput → unlockLinkResponse; 403 LINK_PASSWORD_WRONG)
//   GET    /api/files/public/:token/content/:itemId (publicContentQuery) the bytes
//   GET    /api/files/public/:token/zip?ids=&access= the whole link (or some of its items) as a zip
// Live: `files.changed` realtime events (contract/realtime.ts) to everyone who can see the folder.
// ════════════════════════════════════════════════════════════════════════════════════════════════════════

const isoTime = z.iso.datetime({ offset: true });

export const fileItemTypes = ['folder', 'file'] as const;
export type FileItemType = (typeof fileItemTypes)[number];

/** What the caller may do with an item: its owner everything; a share gives `edit` or `view`. */
export const fileAccessLevels = ['owner', 'edit', 'view'] as const;
export type FileAccess = (typeof fileAccessLevels)[number];

export const shareRoles = ['view', 'edit'] as const;
export type ShareRole = (typeof shareRoles)[number];

export const fileViews = ['mine', 'shared', 'favourites', 'recent', 'trash'] as const;
export type FileView = (typeof fileViews)[number];

export const fileSorts = ['name', 'size', 'type', 'updatedAt', 'createdAt'] as const;
export type FileSort = (typeof fileSorts)[number];

/** What to do when an item of the same name is already in the target folder. */
export const conflictPolicies = ['fail', 'keepBoth', 'replace', 'skip'] as const;
export type ConflictPolicy = (typeof conflictPolicies)[number];

export const filePersonSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  avatarUrl: z.string().nullable(),
});
export type FilePerson = z.infer<typeof filePersonSchema>;

export const breadcrumbSchema = z.object({ id: z.uuid(), name: z.string() });
export type Breadcrumb = z.infer<typeof breadcrumbSchema>;

/** An item of the tree as lists and the details drawer show it. */
export const fileItemSchema = z.object({
  id: z.uuid(),
  type: z.enum(fileItemTypes),
  /** `folder` for folders; for files, from the MIME type (fileKindOf). */
  kind: z.enum(fileKinds),
  name: z.string(),
  /** The folder it is in; null at its owner's root. */
  parentId: z.uuid().nullable(),
  owner: filePersonSchema,
  /** The caller's access. */
  access: z.enum(fileAccessLevels),
  /** Files: the current version's type and size; folders: null and 0. */
  mimeType: z.string().nullable(),
  size: z.number().int(),
  /** Files: the current version's stored file id (what `POST …/versions/:fileId/restore` names). */
  fileId: z.uuid().nullable(),
  /** Files: a signed content link (2½ to 5 minutes; every request rechecks access); folders: null. */
  url: z.string().nullable(),
  /** The same, answered as a download (`Content-Disposition: attachment`). */
  downloadUrl: z.string().nullable(),
  /** Images: the same signed link (the grid's thumbnail); null otherwise. */
  thumbnailUrl: z.string().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  tags: z.array(z.string()),
  /** The caller starred it. */
  favourite: z.boolean(),
  /** Shared with someone or through a live link (the owner sees this; others see true). */
  shared: z.boolean(),
  /** Up to 5 people it is shared with directly (avatars in the table); `sharedCount` counts them all. */
  sharedWith: z.array(filePersonSchema),
  sharedCount: z.number().int(),
  /** Number of versions kept (files; 1 = only the current one; folders: 0). */
  versionCount: z.number().int(),
  /** Raised by renames, moves, tag changes and new versions (ADR 017). */
  version: z.number().int(),
  createdAt: isoTime,
  updatedAt: isoTime,
  /** Who last changed it (uploaded a version, renamed, moved). */
  updatedBy: filePersonSchema.nullable(),
  /** In the trash: when it was deleted, where from (`/Projects/2026`), and when it goes for good. */
  deletedAt: isoTime.nullable(),
  originalPath: z.string().nullable(),
  purgeAt: isoTime.nullable(),
  /** The "recent" view: when the caller last opened it; null elsewhere. */
  viewedAt: isoTime.nullable(),
});
export type FileItem = z.infer<typeof fileItemSchema>;

export const fileItemResponse = z.object({ item: fileItemSchema });
export const fileItemsResponse = z.object({ items: z.array(fileItemSchema) });

/** `GET /items/:id`: the item and where it is (from the top the caller can see down to its parent). */
export const fileItemDetailResponse = z.object({
  item: fileItemSchema,
  breadcrumbs: z.array(breadcrumbSchema),
});
export type FileItemDetail = z.infer<typeof fileItemDetailResponse>;

const itemId = z.uuid({ error: 'validation.fileIdInvalid' });

export const fileItemParams = z.object({ id: itemId });

const optionalParent = z
  .union([itemId, z.literal('').transform(() => undefined), z.literal('root').transform(() => null)])
  .optional();

/**
 * `GET /api/files/items`. `parentId`: a folder's items (any view but trash; the caller must see it); without
 * it, the view's top: `mine` the caller's root, `shared` what others shared with them directly,
 * `favourites` their starred items, `recent` the files they opened last (newest first), `trash` what they
 * deleted (the deleted items, not their contents). `search` searches names and tags of everything the caller can
 * see in the view (under `parentId` when given). Folders come before files whatever the sort.
 */
export const fileListQuery = z.object({
  view: z.enum(fileViews, { error: 'validation.fileViewInvalid' }).default('mine'),
  parentId: optionalParent,
  search: searchField(),
  /** Comma-separated kinds (`image,video`). */
  type: z
    .string()
    .max(200, 'validation.fileKindInvalid')
    .optional()
    .transform((v) => (v ? v.split(',').filter(Boolean) : []))
    .pipe(z.array(z.enum(fileKinds, { error: 'validation.fileKindInvalid' }))),
  /** Modified at or after / before (days, or instants with their offset). */
  from: startBoundField(),
  to: endBoundField(),
  sort: z.enum(fileSorts, { error: 'validation.fileSortInvalid' }).default('name'),
  order: orderField('asc'),
  ...pageFields(50, 200),
});
export type FileListQuery = z.input<typeof fileListQuery>;

export const fileListResponse = listPageSchema('items', fileItemSchema).extend({
  /** The folder listed (null at a view's top), and the way to it. */
  folder: fileItemSchema.nullable(),
  breadcrumbs: z.array(breadcrumbSchema),
});
export type FileList = z.infer<typeof fileListResponse>;

// eslint-disable-next-line no-control-regex
const UNSAFE_NAME = /[/\\\u0000-\u001f\u007f]/;

/** An item's name: trimmed, no `/` or `\\`, not `.` or `..`, at most 255 characters. */
export const itemNameField = z
  .string({ error: 'validation.fileNameRequired' })
  .trim()
  .normalize('NFC')
  .min(1, 'validation.fileNameRequired')
  .max(ITEM_NAME_MAX, 'validation.fieldTooLong')
  .refine((v) => !UNSAFE_NAME.test(v) && v !== '.' && v !== '..', 'validation.fileNameInvalid');

const parentField = itemId.nullable();

const tagsField = z
  .array(
    z
      .string()
      .trim()
      .min(1, 'validation.tagInvalid')
      .max(ITEM_TAG_MAX, 'validation.tagInvalid')
      .transform((v) => v.toLowerCase()),
  )
  .max(ITEM_TAGS_MAX, 'validation.tooManyTags')
  .transform((tags) => [...new Set(tags)]);

export const createFolderInput = z.object({ parentId: parentField.default(null), name: itemNameField });
export type CreateFolderInput = z.input<typeof createFolderInput>;

/**
 * `POST /items`: put a stored file of use `drive` (uploaded by the caller: `POST /api/files?use=drive` or
 * the resumable upload) into a folder. `replace` makes it the new version of the same-named file; `skip`
 * answers the existing item and deletes the upload; `keepBoth` numbers the name (`report (2).pdf`).
 */
export const placeFileInput = z.object({
  fileId: itemId,
  parentId: parentField.default(null),
  /** Defaults to the uploaded name. */
  name: itemNameField.optional(),
  onConflict: z.enum(conflictPolicies, { error: 'validation.onConflictInvalid' }).default('fail'),
});
export type PlaceFileInput = z.input<typeof placeFileInput>;

export const placeOutcomes = ['created', 'replaced', 'skipped'] as const;
export type PlaceOutcome = (typeof placeOutcomes)[number];
export const placeFileResponse = z.object({ item: fileItemSchema, outcome: z.enum(placeOutcomes) });
export type PlaceFileResult = z.infer<typeof placeFileResponse>;

/** "Save to files": a copy of a file the caller may read (an attachment) becomes their own `drive` file. */
export const saveToFilesInput = z.object({
  fileId: itemId,
  parentId: parentField.default(null),
  onConflict: z.enum(conflictPolicies, { error: 'validation.onConflictInvalid' }).default('keepBoth'),
});
export type SaveToFilesInput = z.input<typeof saveToFilesInput>;

/**
 * `PATCH /items/:id`: any of the fields. Rename, move and tags need `edit` access and the version the edit
 * was based on (409 `STALE` with `current` otherwise); `favourite` only needs `view` and no version.
 * Moves stay within the owner's tree (`CROSS_OWNER` otherwise; copy instead); a move into the item itself
 * or one of its subfolders is refused (`MOVE_CYCLE`).
 */
export const updateItemInput = z.object({
  version: versionField.optional(),
  name: itemNameField.optional(),
  parentId: parentField.optional(),
  tags: tagsField.optional(),
  favourite: z.boolean().optional(),
});
export type UpdateItemInput = z.input<typeof updateItemInput>;

export const itemIdsField = z
  .array(itemId)
  .min(1, 'validation.itemIdsRequired')
  .max(ITEM_IDS_MAX, 'validation.itemIdsRequired')
  .transform((ids) => [...new Set(ids)]);

export const itemIdsInput = z.object({ ids: itemIdsField });
export type ItemIdsInput = z.input<typeof itemIdsInput>;

export const moveItemsInput = z.object({
  ids: itemIdsField,
  parentId: parentField,
  onConflict: z.enum(['fail', 'keepBoth', 'skip'], { error: 'validation.onConflictInvalid' }).default('fail'),
});
export type MoveItemsInput = z.input<typeof moveItemsInput>;

/** Copies go to a folder the caller may edit (their own root by default), owned by that folder's owner. */
export const copyItemsInput = z.object({
  ids: itemIdsField,
  parentId: parentField.default(null),
  onConflict: z
    .enum(['fail', 'keepBoth', 'skip'], { error: 'validation.onConflictInvalid' })
    .default('keepBoth'),
});
export type CopyItemsInput = z.input<typeof copyItemsInput>;

/** `GET /items/:id/content`. */
export const itemContentQuery = fileContentQuery.extend({
  /** An older version (a stored file id of the item's versions). */
  version: itemId.optional(),
  /** `1`: answer as a download (what `downloadUrl` says). */
  download: z.enum(['0', '1']).optional(),
  /**
   * `inline`: a PDF is answered inline, with a CSP that lets the browser's PDF viewer run in an <iframe>
   * (other types keep the files block's rules: raster images inline, the rest as downloads).
   */
  disposition: z.enum(['inline', 'attachment']).optional(),
  /** Whom the signed link was made for (access is checked again for them). */
  u: z.uuid().optional(),
});

// ── versions ────────────────────────────────────────────────────────────────────────────────────────────

export const fileVersionSchema = z.object({
  /** The stored file's id. */
  fileId: z.uuid(),
  /** 1 for the first upload, counting up. */
  number: z.number().int(),
  size: z.number().int(),
  mimeType: z.string(),
  current: z.boolean(),
  uploadedBy: filePersonSchema.nullable(),
  createdAt: isoTime,
  /** Signed download link. */
  downloadUrl: z.string(),
});
export type FileVersion = z.infer<typeof fileVersionSchema>;
export const fileVersionsResponse = z.object({ versions: z.array(fileVersionSchema) });

export const versionParams = z.object({ id: itemId, fileId: itemId });
/** Restoring an older version makes a new current version with its bytes. */
export const restoreVersionInput = z.object({ version: versionField });

// ── activity ────────────────────────────────────────────────────────────────────────────────────────────

export const fileActions = [
  'created',
  'uploaded',
  'newVersion',
  'versionRestored',
  'renamed',
  'moved',
  'copied',
  'tagged',
  'shared',
  'unshared',
  'linkCreated',
  'linkRevoked',
  'trashed',
  'restored',
] as const;
export type FileAction = (typeof fileActions)[number];

export const fileActivitySchema = z.object({
  id: z.uuid(),
  action: z.enum(fileActions),
  actor: filePersonSchema.nullable(),
  /** Per action: `{ from, to }` names or paths for renamed/moved, `{ userId, name, role }` for shared… */
  details: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  createdAt: isoTime,
});
export type FileActivity = z.infer<typeof fileActivitySchema>;

export const activityListQuery = z.object({ ...pageFields(20, 100) });
export const fileActivityListResponse = listPageSchema('activity', fileActivitySchema);
export type FileActivityList = z.infer<typeof fileActivityListResponse>;

// ── sharing with people ─────────────────────────────────────────────────────────────────────────────────

export const fileShareSchema = z.object({
  user: filePersonSchema,
  role: z.enum(shareRoles),
  /** Set when the access comes from a folder above (then it is changed there): that folder. */
  inheritedFrom: breadcrumbSchema.nullable(),
  createdAt: isoTime,
});
export type FileShare = z.infer<typeof fileShareSchema>;
export const fileSharesResponse = z.object({ shares: z.array(fileShareSchema) });
export const fileShareResponse = z.object({ share: fileShareSchema });

export const shareParams = z.object({ id: itemId, userId: z.uuid({ error: 'validation.userRefInvalid' }) });
export const shareInput = z.object({ role: z.enum(shareRoles, { error: 'validation.shareRoleInvalid' }) });
export type ShareInput = z.input<typeof shareInput>;

// ── links ───────────────────────────────────────────────────────────────────────────────────────────────

export const fileLinkSchema = z.object({
  id: z.uuid(),
  /** The secret of the link; the page for visitors is the client's `/files/s/<token>` (ADR 046). */
  token: z.string(),
  item: z.object({
    id: z.uuid(),
    name: z.string(),
    type: z.enum(fileItemTypes),
    kind: z.enum(fileKinds),
  }),
  owner: filePersonSchema,
  createdBy: filePersonSchema.nullable(),
  expiresAt: isoTime.nullable(),
  expired: z.boolean(),
  hasPassword: z.boolean(),
  downloadOnly: z.boolean(),
  createdAt: isoTime,
});
export type FileLink = z.infer<typeof fileLinkSchema>;
export const fileLinkResponse = z.object({ link: fileLinkSchema });
export const fileLinksResponse = z.object({ links: z.array(fileLinkSchema) });

export const linkParams = z.object({ linkId: z.uuid({ error: 'validation.fileIdInvalid' }) });

const linkPassword = z
  .string()
  .min(1, 'validation.passwordRequired')
  .max(LINK_PASSWORD_MAX, 'validation.passwordTooLong');
const linkExpiry = isoTime.nullable();

export const createLinkInput = z.object({
  /** In the future; null or absent: no expiry. */
  expiresAt: linkExpiry.default(null),
  password: linkPassword.nullable().default(null),
  downloadOnly: z.boolean().default(false),
});
export type CreateLinkInput = z.input<typeof createLinkInput>;

/** `password: null` removes it; absent keeps it. */
export const updateLinkInput = z.object({
  expiresAt: linkExpiry.optional(),
  password: linkPassword.nullable().optional(),
  downloadOnly: z.boolean().optional(),
});
export type UpdateLinkInput = z.input<typeof updateLinkInput>;

/** "Shared links": the caller's links; administrators may ask for everyone's (`scope=all`). */
export const linkListQuery = z.object({
  scope: z.enum(['mine', 'all'], { error: 'validation.filterInvalid' }).default('mine'),
  /** Searches the items' names. */
  search: searchField(),
  ...pageFields(25, 100),
});
export const fileLinkListResponse = listPageSchema('links', fileLinkSchema);
export type FileLinkList = z.infer<typeof fileLinkListResponse>;

// ── public link pages (signed out) ──────────────────────────────────────────────────────────────────────

export const linkTokenParams = z.object({
  token: z.string().regex(/^[\w-]{20,64}$/, 'validation.linkInvalid'),
});
export const publicContentParams = linkTokenParams.extend({ itemId });

/** `access`: what `unlock` answered for a link with a password (valid an hour). */
const accessField = z
  .string()
  .max(400)
  .regex(/^[\w.-]+$/)
  .optional();

export const publicLinkQuery = z.object({
  access: accessField,
  /** A folder inside a shared folder. */
  parentId: itemId.optional(),
  ...pageFields(50, 200),
});
export const publicContentQuery = z.object({
  access: accessField,
  download: z.enum(['0', '1']).optional(),
  /** As `itemContentQuery.disposition` (ignored for download-only links). */
  disposition: z.enum(['inline', 'attachment']).optional(),
});
export const publicZipQuery = z.object({
  access: accessField,
  /** Comma-separated item ids inside the link; absent: the whole link. */
  ids: z
    .string()
    .max(ITEM_IDS_MAX * 37)
    .optional(),
});

/** An item as link visitors see it (no people, no tags). */
export const publicItemSchema = z.object({
  id: z.uuid(),
  type: z.enum(fileItemTypes),
  kind: z.enum(fileKinds),
  name: z.string(),
  mimeType: z.string().nullable(),
  size: z.number().int(),
  /** `/api/files/public/<token>/content/<id>` (with `access`); for download-only links, downloads only. */
  url: z.string().nullable(),
  downloadUrl: z.string().nullable(),
  updatedAt: isoTime,
});
export type PublicItem = z.infer<typeof publicItemSchema>;

export const publicLinkResponse = z.object({
  link: z.object({
    item: publicItemSchema,
    ownerName: z.string(),
    expiresAt: isoTime.nullable(),
    downloadOnly: z.boolean(),
  }),
  /** Folder links: the listed folder's items (paged) and the way from the link's folder to it. */
  items: z.array(publicItemSchema),
  breadcrumbs: z.array(breadcrumbSchema),
  ...pageInfoFields,
  /** The whole link as a zip. */
  zipUrl: z.string(),
});
export type PublicLink = z.infer<typeof publicLinkResponse>;

export const unlockLinkInput = z.object({ password: linkPassword });
export const unlockLinkResponse = z.object({ access: z.string(), expiresAt: isoTime });

// ── zip, usage, folder picker ───────────────────────────────────────────────────────────────────────────

/** `GET /zip`: comma-separated item ids, with a bearer token or the signed fields `POST /zip` answered. */
export const zipQuery = z.object({
  ids: z
    .string()
    .min(1, 'validation.itemIdsRequired')
    .max(ITEM_IDS_MAX * 37, 'validation.itemIdsRequired'),
  u: z.uuid().optional(),
  exp: z.coerce.number().int().positive().optional(),
  sig: z
    .string()
    .regex(/^[\w-]{43}$/)
    .optional(),
});
export const zipLinkResponse = z.object({ url: z.string() });

export const usageByTypeSchema = storageUsageSchema.extend({
  /** Every kind but `folder`, also those at 0; bytes and stored-file counts (versions and trash included). */
  byType: z.array(z.object({ kind: z.enum(fileKinds), bytes: z.number().int(), count: z.number().int() })),
});
export type UsageByType = z.infer<typeof usageByTypeSchema>;
export const usageByTypeResponse = z.object({ usage: usageByTypeSchema });

export const uploadPeriods = ['week', 'month', 'year'] as const;
export type UploadPeriod = (typeof uploadPeriods)[number];
export const uploadActivityQuery = z.object({
  period: z.enum(uploadPeriods, { error: 'validation.filterInvalid' }).default('week'),
});
/** Buckets of a day (week, month) or a month (year), oldest first, UTC. */
export const uploadActivityResponse = z.object({
  period: z.enum(uploadPeriods),
  buckets: z.array(
    z.object({
      start: isoTime,
      /** Bytes uploaded per kind in the bucket (kinds without uploads left out). */
      bytes: z.record(z.string(), z.number().int()),
    }),
  ),
});
export type UploadActivity = z.infer<typeof uploadActivityResponse>;

/** `GET /folders/tree`: a folder's subfolders (without `parentId`: the caller's root and, with `view=shared`, shared top folders). */
export const folderTreeQuery = z.object({
  parentId: itemId.optional(),
  view: z.enum(['mine', 'shared'], { error: 'validation.fileViewInvalid' }).default('mine'),
});
export const folderNodeSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  parentId: z.uuid().nullable(),
  access: z.enum(fileAccessLevels),
  hasChildren: z.boolean(),
});
export type FolderNode = z.infer<typeof folderNodeSchema>;
export const folderTreeResponse = z.object({ folders: z.array(folderNodeSchema) });
