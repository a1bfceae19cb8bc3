/**
 * Storage quotas (issue 24 C, ADR 033): what a person's stored files may take in all, whatever their use.
 * The workspace setting `storageQuotaBytes` is everyone's default (1 GiB); an administrator may give one
 * person another (`users.storage_quota_bytes`, null = the default).
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

import type { StorageUsage } from '#shared/contract/files.ts';

import { users } from '../../db/schema/index.ts';
import { HttpError } from '../../lib/http-error.ts';
import { workspaceSettings } from '../workspace/workspace.service.ts';
import { usedBytes } from './files.repo.ts';

type App = Pick<FastifyInstance, 'db' | 'config'>;

/** The workspace's default quota, bytes. */
export async function defaultQuota(app: App): Promise<number> {
  return (await workspaceSettings(app)).storageQuotaBytes;
}

/** A person's quota (their own, or the workspace's default) and what their files take now. */
export async function storageUsage(app: App, userId: string): Promise<StorageUsage> {
  const [row] = await app.db
    .select({ quota: users.storageQuotaBytes })
    .from(users)
    .where(eq(users.id, userId));
  const quotaBytes = row?.quota ?? (await defaultQuota(app));
  return { usedBytes: await usedBytes(app.db, userId), quotaBytes, isDefault: row?.quota == null };
}

const UNITS = ['bytes', 'KB', 'MB', 'GB', 'TB'] as const;

/** 1073741824 → "1 GB", 1258291 → "1.2 MB" (units of 1,024, as the client's `fData` shows them). */
export function formatBytes(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const rounded = unit === 0 ? String(Math.round(value)) : String(Math.round(value * 10) / 10);
  return `${rounded} ${UNITS[unit]}`;
}

/** 413: the upload does not fit in what is left of the person's quota. The message names the quota. */
export function overQuota({ quotaBytes, usedBytes }: { quotaBytes: number; usedBytes: number }): HttpError {
  return new HttpError(
    413,
    `This file does not fit in your storage quota of ${formatBytes(quotaBytes)} ` +
      `(${formatBytes(Math.min(usedBytes, quotaBytes))} used). Delete files you no longer need, or ask ` +
      'an administrator for more space.',
    { code: 'STORAGE_QUOTA_EXCEEDED' },
  );
}
