import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';

import type { WorkspaceSettingsFields } from '#shared/contract/workspace.ts';

import { users } from './users.ts';

/**
 * The workspace's settings (issue 24 A): one row (id 1). `settings` holds only what an administrator saved;
 * missing keys take their defaults (contract/workspace.ts), so a new setting needs no migration.
 */
export const workspaceSettings = pgTable(
  'workspace_settings',
  {
    id: smallint().primaryKey().default(1),
    settings: jsonb().$type<Partial<WorkspaceSettingsFields>>().notNull().default({}),
    version: integer().notNull().default(1),
    updatedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('workspace_settings_one_row', sql`${t.id} = 1`)],
);

/**
 * Invitations to register (issue 24 A, `invite` mode and any mode that keeps registration open): a link with
 * a random token (only its SHA-256 is kept), single use, valid for 7 days, revocable.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: uuid().primaryKey().defaultRandom(),
    email: text().notNull(),
    tokenHash: text().notNull().unique(),
    invitedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    acceptedAt: timestamp({ withTimezone: true }),
    acceptedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('invitations_created_at_idx').on(t.createdAt), index('invitations_email_idx').on(t.email)],
);
