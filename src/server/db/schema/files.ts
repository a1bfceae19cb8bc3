import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

import { fileActions, fileItemTypes, fileKinds, fileUses, shareRoles } from '#shared/contract/files.ts';

import { users } from './users.ts';

/**
 * Every stored file (ADR 018): its owner, what it is for, and where the storage driver keeps its bytes.
 * Owned files go with their owner's account. The bytes live in the storage driver under `storageKey`
 * (32 random hex digits and an extension chosen by the server); `name` is the uploaded name, metadata only.
 */
export const files = pgTable(
  'files',
  {
    id: uuid().primaryKey().defaultRandom(),
    ownerId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    use: text({ enum: fileUses }).notNull(),
    storageKey: text().notNull(),
    name: text().notNull(),
    mimeType: text().notNull(),
    size: integer().notNull(),
    width: integer(),
    height: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('files_storage_key_unique').on(t.storageKey),
    index('files_owner_idx').on(t.ownerId, t.use, t.createdAt),
    check('files_size_positive', sql`size > 0`),
  ],
);

// ── the file manager (issue 27, ADR 046) ────────────────────────────────────────────────────────────────

/**
 * A folder or a file of someone's tree. A file item points to the stored file of its current version
 * (`fileId`; older ones in `file_versions`). `ancestors` lists the folders above it, from the top down (the
 * access check and search read shares of an item and its ancestors in one go, a move rewrites the array of
 * the moved subtree). Names are unique, ignoring case, among the live items of one folder. A trashed item
 * (`deletedAt`) is detached: the item the person deleted (`trashRootId` = its own id) has no parent and no
 * ancestors and keeps where it was (`originalParentId`, `originalPath`); what was in it keeps its place
 * under it, with `trashRootId` naming it.
 */
export const fileItems = pgTable(
  'file_items',
  {
    id: uuid().primaryKey().defaultRandom(),
    ownerId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    parentId: uuid(),
    ancestors: uuid()
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    type: text({ enum: fileItemTypes }).notNull(),
    kind: text({ enum: fileKinds }).notNull(),
    name: text().notNull(),
    fileId: uuid().references(() => files.id, { onDelete: 'cascade' }),
    tags: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    version: integer().notNull().default(1),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    updatedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp({ withTimezone: true }),
    deletedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    trashRootId: uuid(),
    originalParentId: uuid(),
    originalPath: text(),
  },
  (t) => [
    foreignKey({ columns: [t.parentId], foreignColumns: [t.id], name: 'file_items_parent_fk' }).onDelete(
      'cascade',
    ),
    uniqueIndex('file_items_name_unique')
      .on(
        t.ownerId,
        sql`coalesce(${t.parentId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
        sql`lower(${t.name})`,
      )
      .where(sql`${t.deletedAt} is null`),
    index('file_items_parent_idx').on(t.ownerId, t.parentId, t.type, t.name),
    // A folder's live items in the listing's order (a listing by folder does not name the owner: people it
    // is shared with list it too), drizzle/0032_file-search-index.sql.
    index('file_items_children_idx')
      .on(t.parentId, sql`(${t.type} = 'folder') desc`, sql`lower(${t.name})`, t.id)
      .where(sql`${t.deletedAt} is null`),
    // Search by name and tags without a sequential scan: a GIN index over their 1-, 2- and 3-character
    // substrings (atrium_file_terms(), as users_search_idx); queries filter `@>` first, then recheck with LIKE.
    index('file_items_search_idx').using('gin', sql`atrium_file_terms(${t.name}, ${t.tags})`),
    index('file_items_ancestors_idx').using('gin', t.ancestors),
    index('file_items_tags_idx').using('gin', t.tags),
    index('file_items_file_idx').on(t.fileId),
    index('file_items_trash_idx')
      .on(t.ownerId, t.deletedAt)
      .where(sql`${t.trashRootId} = ${t.id}`),
    check('file_items_file_has_version', sql`(${t.type} = 'folder') = (${t.fileId} is null)`),
  ],
);

/** Every version of a file item (the current one too), numbered from 1; each is one stored file. */
export const fileVersions = pgTable(
  'file_versions',
  {
    itemId: uuid()
      .notNull()
      .references(() => fileItems.id, { onDelete: 'cascade' }),
    fileId: uuid()
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    number: integer().notNull(),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.itemId, t.number] }),
    uniqueIndex('file_versions_file_unique').on(t.fileId),
  ],
);

/** An item shared with a person; a folder's share covers everything under it. */
export const fileShares = pgTable(
  'file_shares',
  {
    itemId: uuid()
      .notNull()
      .references(() => fileItems.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text({ enum: shareRoles }).notNull(),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.userId] }), index('file_shares_user_idx').on(t.userId)],
);

/** A link that opens an item to anyone who has it (revoking deletes the row). */
export const fileLinks = pgTable(
  'file_links',
  {
    id: uuid().primaryKey().defaultRandom(),
    itemId: uuid()
      .notNull()
      .references(() => fileItems.id, { onDelete: 'cascade' }),
    token: text().notNull(),
    passwordHash: text(),
    expiresAt: timestamp({ withTimezone: true }),
    downloadOnly: boolean().notNull().default(false),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('file_links_token_unique').on(t.token),
    index('file_links_item_idx').on(t.itemId),
    index('file_links_created_idx').on(t.createdAt),
  ],
);

/** Items a person starred. */
export const fileFavourites = pgTable(
  'file_favourites',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemId: uuid()
      .notNull()
      .references(() => fileItems.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.itemId] })],
);

/** When a person last opened a file (the "recent" view). */
export const fileViews = pgTable(
  'file_views',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemId: uuid()
      .notNull()
      .references(() => fileItems.id, { onDelete: 'cascade' }),
    viewedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.itemId] }),
    index('file_views_recent_idx').on(t.userId, t.viewedAt),
  ],
);

/** What happened to an item, by whom (the details drawer's activity). */
export const fileActivity = pgTable(
  'file_activity',
  {
    id: uuid().primaryKey().defaultRandom(),
    itemId: uuid()
      .notNull()
      .references(() => fileItems.id, { onDelete: 'cascade' }),
    actorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    action: text({ enum: fileActions }).notNull(),
    details: jsonb().$type<Record<string, string | number | boolean | null>>().notNull().default({}),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('file_activity_item_idx').on(t.itemId, t.createdAt)],
);

/**
 * Unfinished resumable uploads (tus, ADR 047), in the database so that any instance continues one another
 * started: its creator, length, how many bytes are in (`offset`), the tus metadata (with the server's keys),
 * and, once complete, the stored file (`fileId`, kept an hour for a client that lost the answer). The bytes
 * are parts in the storage driver (`file_upload_parts`), one per PATCH, at the offset where it started.
 */
export const fileUploads = pgTable(
  'file_uploads',
  {
    id: text().primaryKey(),
    ownerId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    size: bigint({ mode: 'number' }).notNull(),
    offset: bigint({ mode: 'number' }).notNull().default(0),
    metadata: jsonb().$type<Record<string, string | null>>().notNull().default({}),
    fileId: uuid(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('file_uploads_owner_idx').on(t.ownerId), index('file_uploads_updated_idx').on(t.updatedAt)],
);

/** The bytes of an unfinished upload: `size` bytes from `offset`, stored under `storageKey`. */
export const fileUploadParts = pgTable(
  'file_upload_parts',
  {
    uploadId: text()
      .notNull()
      .references(() => fileUploads.id, { onDelete: 'cascade' }),
    offset: bigint({ mode: 'number' }).notNull(),
    size: bigint({ mode: 'number' }).notNull(),
    storageKey: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.uploadId, t.offset] })],
);
