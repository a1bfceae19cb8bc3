/**
 * The file overview (issue 27 B, ADR 048), `GET /api/overview/file`: composed from the files module's
 * surface (`files.service.ts`: quota and storage locations; `files.stats.ts`: the aggregates). Everything is
 * the viewer's own, administrators' too (a quota is a person's), except the storage locations: the instance's
 * for administrators, the viewer's own usage for anyone else.
 */
import type { FastifyInstance } from 'fastify';

import {
  FILE_OVERVIEW_FOLDERS_MAX,
  FILE_OVERVIEW_RECENT_MAX,
  type FileOverview,
  type FileOverviewQuery,
} from '#shared/contract/overview-file.ts';

import type { StatsScope } from '../../lib/date-range.ts';
import { storageLocations } from '../files/files.service.ts';
import {
  recentFiles,
  storageByKind,
  storageUsage,
  topFolders,
  uploadActivity,
} from '../files/files.stats.ts';

export async function fileOverview(
  app: FastifyInstance,
  scope: StatsScope,
  query: FileOverviewQuery,
  now = new Date(),
): Promise<FileOverview> {
  const { userId, isAdmin } = scope;
  const [usage, byKind, activity, folders, recent, locations] = await Promise.all([
    storageUsage(app, userId),
    storageByKind(app.db, userId),
    uploadActivity(app.db, userId, query.period, query.tz, now),
    topFolders(app.db, userId, FILE_OVERVIEW_FOLDERS_MAX),
    recentFiles(app.db, userId, FILE_OVERVIEW_RECENT_MAX),
    storageLocations(app),
  ]);
  const ownCount = byKind.reduce((sum, kind) => sum + kind.count, 0);
  return {
    storage: { usedBytes: usage.usedBytes, quotaBytes: usage.quotaBytes, byKind },
    activity,
    folders,
    recent,
    // One location today (the one new files go to): a member's files are all there. With several, a
    // member's usage per location would need the location of each file; the first is where theirs are.
    locations: locations.map((location, index) =>
      isAdmin
        ? {
            kind: location.kind,
            name: location.name,
            usedBytes: location.usedBytes,
            fileCount: location.fileCount,
            freeBytes: location.freeBytes,
            totalBytes: location.totalBytes,
          }
        : {
            kind: location.kind,
            name: null,
            usedBytes: index === 0 ? usage.usedBytes : 0,
            fileCount: index === 0 ? ownCount : 0,
            freeBytes: null,
            totalBytes: null,
          },
    ),
    instanceWide: isAdmin,
  };
}
