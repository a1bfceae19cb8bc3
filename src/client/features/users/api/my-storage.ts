import { useQuery } from '@tanstack/react-query';

import type { StorageUsage } from '#shared/contract/files.ts';

import { apiClient } from '../../../lib/api-client.ts';
import { usersKeys } from './users-keys.ts';

/** `GET /api/files/usage`: what my stored files take against my storage quota (issue 24 C). */
export const getMyStorage = (signal?: AbortSignal) =>
  apiClient.get<{ usage: StorageUsage }>('/files/usage', { signal }).then((answer) => answer.usage);

export function useMyStorage() {
  return useQuery({ queryKey: usersKeys.storage(), queryFn: ({ signal }) => getMyStorage(signal) });
}
