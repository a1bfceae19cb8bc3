import { sql } from 'drizzle-orm';
import { check, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

import { dashboards, type LayoutWidget } from '#shared/contract/overview-layouts.ts';

import { users } from './users.ts';

/**
 * A person's layout of one overview dashboard (issue 26 A): the widgets in their order, each with a hidden
 * flag. No row = the default layout; deleting the row is "Reset layout". The widget ids are checked against
 * the contract's list when written and filtered again when read (contract/overview-layouts.ts), so a widget
 * that is added or removed later needs no migration.
 */
export const dashboardLayouts = pgTable(
  'dashboard_layouts',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    dashboard: text({ enum: dashboards }).notNull(),
    widgets: jsonb().$type<LayoutWidget[]>().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.dashboard] }),
    check(
      'dashboard_layouts_dashboard_valid',
      sql`${t.dashboard} in ('app', 'ecommerce', 'analytics', 'banking', 'booking', 'file')`,
    ),
  ],
);
