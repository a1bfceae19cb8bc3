/** The people's dashboard layouts (issue 26 A): the overview module's own table, each row its owner's. */
import { and, eq, sql } from 'drizzle-orm';

import {
  completeLayout,
  type Dashboard,
  type DashboardLayout,
  type LayoutWidget,
} from '#shared/contract/overview.ts';

import type { Db } from '../../db/client.ts';
import { dashboardLayouts } from '../../db/schema/index.ts';

const mine = (userId: string, dashboard: Dashboard) =>
  and(eq(dashboardLayouts.userId, userId), eq(dashboardLayouts.dashboard, dashboard));

/** The answer for a saved row (or none): every widget of the dashboard, the saved order first. */
function layoutAnswer(
  dashboard: Dashboard,
  row: { widgets: LayoutWidget[]; updatedAt: Date } | undefined,
): DashboardLayout {
  return {
    dashboard,
    widgets: completeLayout(dashboard, row?.widgets),
    saved: Boolean(row),
    updatedAt: row ? row.updatedAt.toISOString() : null,
  };
}

/** The person's layout of `dashboard`, or the default one. */
export async function findLayout(db: Db, userId: string, dashboard: Dashboard): Promise<DashboardLayout> {
  const [row] = await db
    .select({ widgets: dashboardLayouts.widgets, updatedAt: dashboardLayouts.updatedAt })
    .from(dashboardLayouts)
    .where(mine(userId, dashboard));
  return layoutAnswer(dashboard, row);
}

/** Saves the person's layout (checked by the caller), replacing the one they had: one statement. */
export async function saveLayout(
  db: Db,
  userId: string,
  dashboard: Dashboard,
  widgets: LayoutWidget[],
): Promise<DashboardLayout> {
  const stored = widgets.map(({ id, hidden }) => ({ id, hidden }));
  const [row] = await db
    .insert(dashboardLayouts)
    .values({ userId, dashboard, widgets: stored })
    .onConflictDoUpdate({
      target: [dashboardLayouts.userId, dashboardLayouts.dashboard],
      set: { widgets: stored, updatedAt: sql`now()` },
    })
    .returning({ widgets: dashboardLayouts.widgets, updatedAt: dashboardLayouts.updatedAt });
  return layoutAnswer(dashboard, row);
}

/** Forgets the person's layout ("Reset layout"): the default one from now on. */
export async function deleteLayout(db: Db, userId: string, dashboard: Dashboard): Promise<DashboardLayout> {
  await db.delete(dashboardLayouts).where(mine(userId, dashboard));
  return layoutAnswer(dashboard, undefined);
}
