import { z } from 'zod';

import { fileKinds } from './file-limits.ts';
import { timeZoneField } from './overview.ts';

/**
 * `GET /api/overview/file` (issue 27 B, ADR 048): the file overview, `/dashboard/file`. The person's storage
 * against their quota by kind, what they uploaded per kind over a week, a month or a year (buckets of the
 * viewer's days or months, in their time zone), their top-level folders, their recent files and the
 * instance's storage locations (administrators: the instance's figures; anyone else: their own usage).
 */

export const fileActivityPeriods = ['week', 'month', 'year'] as const;
export type FileActivityPeriod = (typeof fileActivityPeriods)[number];

/** `?period=&tz=`: the data activity's period (default a week) and the viewer's IANA zone. */
export const fileOverviewQuery = z.object({
  period: z.enum(fileActivityPeriods, { error: 'validation.filterInvalid' }).default('week'),
  tz: timeZoneField,
});
export type FileOverviewQuery = z.infer<typeof fileOverviewQuery>;

const bytes = z.number().int().min(0);
const count = z.number().int().min(0);
const isoTime = z.iso.datetime({ offset: true });
const storedKind = z.enum(fileKinds).exclude(['folder']);

/** Every kind but `folder`, those at 0 too; bytes and stored files (versions and trash count: the quota does). */
export const fileStorageSchema = z.object({
  usedBytes: bytes,
  quotaBytes: bytes,
  byKind: z.array(z.object({ kind: storedKind, bytes, count })),
});

/**
 * Bytes uploaded to the file manager per kind: one bucket per day of the last 7 (week) or 30 (month) days,
 * or per month of the last 12 (year), oldest first, ending with the viewer's today or this month. `start` is
 * the bucket's first day (`YYYY-MM-DD`) in the viewer's zone; kinds without uploads are left out of `bytes`.
 */
export const fileActivitySchema = z.object({
  period: z.enum(fileActivityPeriods),
  unit: z.enum(['day', 'month']),
  buckets: z.array(z.object({ start: z.iso.date(), bytes: z.record(z.string(), bytes) })),
});
export type FileActivity = z.infer<typeof fileActivitySchema>;

/** A top-level folder of the person's: what its live files take, how many, when it last changed. */
export const fileOverviewFolderSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  bytes,
  fileCount: count,
  updatedAt: isoTime,
});
export type FileOverviewFolder = z.infer<typeof fileOverviewFolderSchema>;

/** A file of the person's, last changed first (the folder it is in: null = their root). */
export const fileOverviewRecentSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  kind: storedKind,
  size: bytes,
  parentId: z.uuid().nullable(),
  updatedAt: isoTime,
});
export type FileOverviewRecent = z.infer<typeof fileOverviewRecentSchema>;

/**
 * A place the instance keeps files: the local disk or an S3-compatible bucket. Administrators get the
 * instance's usage there and the free and total space where the store tells (a disk; a bucket: null);
 * anyone else their own usage only, `name` and space null.
 */
export const fileLocationSchema = z.object({
  kind: z.enum(['disk', 's3']),
  name: z.string().nullable(),
  usedBytes: bytes,
  fileCount: count,
  freeBytes: bytes.nullable(),
  totalBytes: bytes.nullable(),
});
export type FileLocation = z.infer<typeof fileLocationSchema>;

/** The most folders and recent files the answer lists. */
export const FILE_OVERVIEW_FOLDERS_MAX = 12;
export const FILE_OVERVIEW_RECENT_MAX = 8;

export const fileOverviewResponse = z.object({
  storage: fileStorageSchema,
  activity: fileActivitySchema,
  folders: z.array(fileOverviewFolderSchema),
  recent: z.array(fileOverviewRecentSchema),
  locations: z.array(fileLocationSchema),
  /** Whether the locations are the instance's (administrators) or the viewer's own usage. */
  instanceWide: z.boolean(),
});
export type FileOverview = z.infer<typeof fileOverviewResponse>;
