import { queryOptions, useQuery } from '@tanstack/react-query';

import type { WorkspaceSettings } from '#shared/contract/workspace.ts';

import { apiClient } from '../../../lib/api-client.ts';
import { authReady, authStore } from '../../../lib/auth/auth-store.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { workspaceKeys } from './workspace-keys.ts';

export function getWorkspaceSettings(signal?: AbortSignal): Promise<WorkspaceSettings> {
  return apiClient.get<WorkspaceSettings>('/workspace/settings', { signal });
}

export const workspaceSettingsQueryOptions = () =>
  queryOptions({
    queryKey: workspaceKeys.settings(),
    queryFn: ({ signal }) => getWorkspaceSettings(signal),
  });

/** `GET /api/workspace/settings` (administrators): the policies with the version they were read at. */
export function useWorkspaceSettings() {
  return useQuery(workspaceSettingsQueryOptions());
}

/**
 * Route loader of /dashboard/workspace: starts the settings' request as the navigation starts, in parallel
 * with the page's code, without waiting for it. Only administrators may read them.
 */
export async function workspaceSettingsLoader(): Promise<null> {
  // On the first page load the session is still being restored: start the request as soon as it is.
  await authReady();
  if (authStore.getState().user?.role === 'admin') {
    void queryClient.prefetchQuery(workspaceSettingsQueryOptions());
  }
  return null;
}
