/**
 * Analytics sites (issue 30, ADR 056): the administrators' list of sites, each with its key, domains, time
 * zone and goals, and what "check installation" reads. Plain functions on the database; the routes check
 * who may call them.
 */
import { randomBytes } from 'node:crypto';

import { and, asc, desc, eq, sql } from 'drizzle-orm';

import type { AnalyticsSite, SiteCreateBody } from '#shared/contract/analytics.ts';

import type { Db } from '../../db/client.ts';
import { analyticsEvents, analyticsSites } from '../../db/schema/index.ts';

export type SiteRow = typeof analyticsSites.$inferSelect;

/** A site's answer: the row as the contract shows it. */
export const siteAnswer = (row: SiteRow): AnalyticsSite => ({
  id: row.id,
  name: row.name,
  domains: row.domains,
  key: row.key,
  timeZone: row.timeZone,
  goals: row.goals,
  builtIn: row.builtIn,
  excludeAdmins: row.excludeAdmins,
  lastEventAt: row.lastEventAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

/** A new site key: 16 url-safe characters (96 random bits). It names the site; it is not a secret. */
export const newSiteKey = () => randomBytes(12).toString('base64url');

/** Each value once, in the order given. */
const unique = (values: readonly string[]) => [...new Set(values)];

/** Every site, the built-in one first, then the oldest first. */
export function listSites(db: Db): Promise<SiteRow[]> {
  return db
    .select()
    .from(analyticsSites)
    .orderBy(desc(analyticsSites.builtIn), asc(analyticsSites.createdAt), asc(analyticsSites.id));
}

export async function findSite(db: Db, id: string): Promise<SiteRow | undefined> {
  const [row] = await db.select().from(analyticsSites).where(eq(analyticsSites.id, id));
  return row;
}

/** The built-in site (the instance's own public pages), when it exists. */
export async function findBuiltInSite(db: Db): Promise<SiteRow | undefined> {
  const [row] = await db
    .select()
    .from(analyticsSites)
    .where(eq(analyticsSites.builtIn, true))
    .orderBy(asc(analyticsSites.createdAt))
    .limit(1);
  return row;
}

export async function insertSite(
  db: Db,
  input: Required<Omit<SiteCreateBody, 'timeZone'>> & { timeZone: string },
  createdBy: string | null,
): Promise<SiteRow> {
  const [row] = await db
    .insert(analyticsSites)
    .values({
      name: input.name,
      domains: unique(input.domains),
      key: newSiteKey(),
      timeZone: input.timeZone,
      goals: unique(input.goals),
      excludeAdmins: input.excludeAdmins,
      createdBy,
    })
    .returning();
  return row!;
}

export interface SiteChanges {
  name?: string | undefined;
  domains?: string[] | undefined;
  timeZone?: string | undefined;
  goals?: string[] | undefined;
  excludeAdmins?: boolean | undefined;
}

/** Writes the given fields; undefined when the site does not exist. */
export async function updateSite(db: Db, id: string, changes: SiteChanges): Promise<SiteRow | undefined> {
  const [row] = await db
    .update(analyticsSites)
    .set({
      ...(changes.name !== undefined && { name: changes.name }),
      ...(changes.domains !== undefined && { domains: unique(changes.domains) }),
      ...(changes.timeZone !== undefined && { timeZone: changes.timeZone }),
      ...(changes.goals !== undefined && { goals: unique(changes.goals) }),
      ...(changes.excludeAdmins !== undefined && { excludeAdmins: changes.excludeAdmins }),
      updatedAt: sql`now()`,
    })
    .where(eq(analyticsSites.id, id))
    .returning();
  return row;
}

/** Removes a site that is not the built-in one, with its events and rollups (cascade); whether it did. */
export async function deleteSite(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .delete(analyticsSites)
    .where(and(eq(analyticsSites.id, id), eq(analyticsSites.builtIn, false)))
    .returning({ id: analyticsSites.id });
  return rows.length > 0;
}

/** "Check installation": when the last event arrived, and the newest raw event's name and page. */
export async function siteCheck(
  db: Db,
  site: SiteRow,
): Promise<{ lastEventAt: string | null; lastEvent: { name: string; page: string } | null }> {
  // The index on (site_id, at) serves the newest event.
  const [last] = await db
    .select({ at: analyticsEvents.at, name: analyticsEvents.name, page: analyticsEvents.page })
    .from(analyticsEvents)
    .where(eq(analyticsEvents.siteId, site.id))
    .orderBy(desc(analyticsEvents.at), desc(analyticsEvents.id))
    .limit(1);
  const newest = [site.lastEventAt, last?.at].filter((d): d is Date => d instanceof Date);
  const lastEventAt = newest.length ? new Date(Math.max(...newest.map((d) => d.getTime()))) : null;
  return {
    lastEventAt: lastEventAt?.toISOString() ?? null,
    lastEvent: last ? { name: last.name, page: last.page } : null,
  };
}
