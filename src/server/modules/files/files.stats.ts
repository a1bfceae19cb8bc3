/**
 * The files domain's read-only aggregates for the file overview (issue 27 B, ADR 036, ADR 048): what a
 * person's stored files take per kind, what they uploaded per kind and day or month of their time zone,
 * their top-level folders with sizes and counts, and their recent files.
 */
import { and, desc, eq, isNull, sql } from 'drizzle-orm';

import { fileKindOf, fileKinds, type FileKind } from '#shared/contract/file-limits.ts';
import type {
  FileActivity,
  FileActivityPeriod,
  FileOverviewFolder,
  FileOverviewRecent,
} from '#shared/contract/overview-file.ts';

import type { Db } from '../../db/client.ts';
import { fileItems, files } from '../../db/schema/index.ts';
import { dayText, todayRange } from '../../lib/date-range.ts';

// A person's quota and usage, for the overview (the quota's rules stay in quota.ts).
export { storageUsage } from './quota.ts';

type StoredKind = Exclude<FileKind, 'folder'>;
const storedKinds = fileKinds.filter((kind): kind is StoredKind => kind !== 'folder');

/** Bytes and stored files of `ownerId` per kind (every use, versions and trash: what the quota counts). */
export async function storageByKind(
  db: Db,
  ownerId: string,
): Promise<Array<{ kind: StoredKind; bytes: number; count: number }>> {
  const rows = await db
    .select({
      mimeType: files.mimeType,
      bytes: sql<string>`coalesce(sum(${files.size}), 0)`,
      count: sql<number>`count(*)::int`,
    })
    .from(files)
    .where(eq(files.ownerId, ownerId))
    .groupBy(files.mimeType);
  const byKind = new Map<StoredKind, { bytes: number; count: number }>();
  for (const row of rows) {
    const kind = fileKindOf(row.mimeType);
    const sum = byKind.get(kind) ?? { bytes: 0, count: 0 };
    byKind.set(kind, { bytes: sum.bytes + Number(row.bytes), count: sum.count + Number(row.count) });
  }
  return storedKinds.map((kind) => ({ kind, ...(byKind.get(kind) ?? { bytes: 0, count: 0 }) }));
}

const shiftDay = (day: string, days: number) => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};
const shiftMonth = (month: string, months: number) => {
  const date = new Date(`${month.slice(0, 7)}-01T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() + months);
  return date.toISOString().slice(0, 10);
};

/** The buckets' first days of `period` ending with the viewer's today (or this month), oldest first. */
export function activityBuckets(
  period: FileActivityPeriod,
  timeZone: string,
  now = new Date(),
): { unit: 'day' | 'month'; starts: string[] } {
  const today = todayRange(timeZone, now).from;
  if (period === 'year') {
    return { unit: 'month', starts: Array.from({ length: 12 }, (_, i) => shiftMonth(today, i - 11)) };
  }
  const length = period === 'week' ? 7 : 30;
  return { unit: 'day', starts: Array.from({ length }, (_, i) => shiftDay(today, i - length + 1)) };
}

/**
 * Bytes `ownerId` uploaded to the file manager (stored files of use `drive`, new versions too) per kind, in
 * the buckets of `period` in `timeZone`. The lower bound is the first bucket's midnight in the zone, so the
 * owner's index (`files_owner_idx`: owner, use, created) serves the condition.
 */
export async function uploadActivity(
  db: Db,
  ownerId: string,
  period: FileActivityPeriod,
  timeZone: string,
  now = new Date(),
): Promise<FileActivity> {
  const { unit, starts } = activityBuckets(period, timeZone, now);
  const first = starts[0]!;
  const local = sql`(${files.createdAt} at time zone ${timeZone}::text)`;
  const bucket = unit === 'day' ? sql`${local}::date` : sql`date_trunc('month', ${local})::date`;
  const rows = await db
    .select({
      bucket: sql<unknown>`${bucket}`,
      mimeType: files.mimeType,
      bytes: sql<string>`sum(${files.size})`,
    })
    .from(files)
    .where(
      and(
        eq(files.ownerId, ownerId),
        eq(files.use, 'drive'),
        sql`${files.createdAt} >= (${first}::date::timestamp at time zone ${timeZone}::text)`,
      ),
    )
    .groupBy(sql`1`, files.mimeType);
  const buckets: FileActivity['buckets'] = starts.map((start) => ({ start, bytes: {} }));
  const index = new Map(starts.map((start, i) => [start, i]));
  for (const row of rows) {
    const at = index.get(dayText(row.bucket));
    if (at === undefined) continue;
    const sums = buckets[at]!.bytes;
    const kind = fileKindOf(row.mimeType);
    sums[kind] = (sums[kind] ?? 0) + Number(row.bytes);
  }
  return { period, unit, buckets };
}

// Written out: inside a select list drizzle names the column without its table, which the subqueries'
// own `file_items` would capture.
const outerId = sql.raw('"file_items"."id"');

/**
 * `ownerId`'s top-level folders (not in the trash), by name, each with the bytes and number of the live
 * files anywhere under it (the `ancestors` array's GIN index finds them).
 */
export async function topFolders(db: Db, ownerId: string, limit: number): Promise<FileOverviewFolder[]> {
  const rows = await db
    .select({
      id: fileItems.id,
      name: fileItems.name,
      updatedAt: fileItems.updatedAt,
      bytes: sql<string>`coalesce((select sum(f.size) from ${fileItems} c join ${files} f on f.id = c.file_id
        where c.ancestors @> array[${outerId}]::uuid[] and c.type = 'file' and c.deleted_at is null), 0)`,
      fileCount: sql<number>`(select count(*)::int from ${fileItems} c
        where c.ancestors @> array[${outerId}]::uuid[] and c.type = 'file' and c.deleted_at is null)`,
    })
    .from(fileItems)
    .where(
      and(
        eq(fileItems.ownerId, ownerId),
        isNull(fileItems.parentId),
        eq(fileItems.type, 'folder'),
        isNull(fileItems.deletedAt),
      ),
    )
    .orderBy(sql`lower(${fileItems.name})`, fileItems.id)
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    bytes: Number(row.bytes),
    fileCount: Number(row.fileCount),
    updatedAt: row.updatedAt.toISOString(),
  }));
}

/** `ownerId`'s live files, last changed first. */
export async function recentFiles(db: Db, ownerId: string, limit: number): Promise<FileOverviewRecent[]> {
  const rows = await db
    .select({
      id: fileItems.id,
      name: fileItems.name,
      kind: fileItems.kind,
      size: files.size,
      parentId: fileItems.parentId,
      updatedAt: fileItems.updatedAt,
    })
    .from(fileItems)
    .innerJoin(files, eq(files.id, fileItems.fileId))
    .where(and(eq(fileItems.ownerId, ownerId), eq(fileItems.type, 'file'), isNull(fileItems.deletedAt)))
    .orderBy(desc(fileItems.updatedAt), desc(fileItems.id))
    .limit(limit);
  return rows.map((row) => ({
    ...row,
    kind: row.kind === 'folder' ? 'other' : row.kind,
    updatedAt: row.updatedAt.toISOString(),
  }));
}
