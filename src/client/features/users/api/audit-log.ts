import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import type { AuditLogPage } from '#shared/contract/users.ts';

import { apiClient } from '../../../lib/api-client.ts';
import { usersKeys } from './users-keys.ts';

export type AuditLogParams = {
  /** 1-based, as the API counts. */
  page: number;
  pageSize: number;
  /** Only the entries about this user (their id). */
  targetUserId?: string | undefined;
};

export function getAuditLog(params: AuditLogParams, signal?: AbortSignal): Promise<AuditLogPage> {
  return apiClient.get<AuditLogPage>('/audit-log', {
    signal,
    query: { page: params.page, pageSize: params.pageSize, targetUserId: params.targetUserId },
  });
}

/**
 * Under the users domain key: every admin write invalidates `usersKeys.all`, so the log refetches after a
 * create, edit, ban or delete.
 */
export const auditLogQueryOptions = (params: AuditLogParams) =>
  queryOptions({
    queryKey: [...usersKeys.all, 'audit-log', params],
    queryFn: ({ signal }) => getAuditLog(params, signal),
    // The grid keeps showing the previous page while the next one loads.
    placeholderData: keepPreviousData,
  });

/** GET /api/audit-log (admin): one page of admin actions on users, newest first. */
export function useAuditLog(params: AuditLogParams, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...auditLogQueryOptions(params), enabled });
}
