/**
 * The instance's analytics settings (issue 30 A, ADR 056): how long raw events are kept, and which
 * IP-to-country database is in use. One row of `analytics_settings`, written on the first save; until then
 * the defaults apply.
 */
import { gzipSync } from 'node:zlib';

import { eq, sql } from 'drizzle-orm';

import {
  RETENTION_DAYS_DEFAULT,
  type analyticsSettingsBody,
  type analyticsSettingsSchema,
} from '#shared/contract/analytics.ts';
import type { z } from 'zod';

import type { Db } from '../../db/client.ts';
import { analyticsSettings } from '../../db/schema/index.ts';
import { geoVersion, parseStoredGeo, useBundledGeo, useGeoTable } from './analytics.geo.ts';

export type AnalyticsSettings = z.infer<typeof analyticsSettingsSchema>;

/** What the settings say when nothing was saved (the bundled database, the default retention). */
export const BUNDLED_GEO_SOURCE = 'bundled';

export async function readAnalyticsSettings(db: Db): Promise<AnalyticsSettings> {
  const [row] = await db
    .select({
      retentionDays: analyticsSettings.retentionDays,
      geoSource: analyticsSettings.geoSource,
      geoUpdatedAt: analyticsSettings.geoUpdatedAt,
    })
    .from(analyticsSettings)
    .where(eq(analyticsSettings.id, 1));
  return {
    retentionDays: row?.retentionDays ?? RETENTION_DAYS_DEFAULT,
    geo: {
      source: row?.geoSource ?? BUNDLED_GEO_SOURCE,
      updatedAt: row?.geoUpdatedAt?.toISOString() ?? null,
    },
  };
}

export async function updateAnalyticsSettings(
  db: Db,
  body: z.infer<typeof analyticsSettingsBody>,
): Promise<AnalyticsSettings> {
  await db
    .insert(analyticsSettings)
    .values({ id: 1, retentionDays: body.retentionDays })
    .onConflictDoUpdate({
      target: analyticsSettings.id,
      set: { retentionDays: body.retentionDays, updatedAt: sql`now()` },
    });
  return readAnalyticsSettings(db);
}

/**
 * Installs an uploaded IP-to-country database (CSV text, already parsed by the caller so a bad file is refused
 * before it is stored), or goes back to the bundled one (`csv` null). Stored gzip in the settings row, so every
 * instance can load it (`syncGeo`).
 */
export async function storeGeoDatabase(
  db: Db,
  upload: { name: string; csv: string } | null,
  at = new Date(),
): Promise<void> {
  const values = upload
    ? { geoSource: upload.name, geoUpdatedAt: at, geoData: gzipSync(upload.csv) }
    : { geoSource: BUNDLED_GEO_SOURCE, geoUpdatedAt: null, geoData: null };
  await db
    .insert(analyticsSettings)
    .values({ id: 1, retentionDays: RETENTION_DAYS_DEFAULT, ...values })
    .onConflictDoUpdate({ target: analyticsSettings.id, set: { ...values, updatedAt: sql`now()` } });
}

/**
 * Makes this process use the database the settings name: the bundled one, or the stored upload (read only
 * when its time differs from the one in use). Called by the fold loop, so an upload on one instance reaches
 * the others within a round.
 */
export async function syncGeo(db: Db): Promise<void> {
  const [row] = await db
    .select({ geoUpdatedAt: analyticsSettings.geoUpdatedAt })
    .from(analyticsSettings)
    .where(eq(analyticsSettings.id, 1));
  const version = row?.geoUpdatedAt?.toISOString() ?? null;
  if (version === geoVersion()) return;
  if (version === null) return useBundledGeo();
  const [data] = await db
    .select({ geoData: analyticsSettings.geoData, geoUpdatedAt: analyticsSettings.geoUpdatedAt })
    .from(analyticsSettings)
    .where(eq(analyticsSettings.id, 1));
  if (!data?.geoData || !data.geoUpdatedAt) return;
  useGeoTable(await parseStoredGeo(data.geoData), data.geoUpdatedAt.toISOString());
}
