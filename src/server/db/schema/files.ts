import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

import { fileUses } from '#shared/contract/files.ts';

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
