import { queryOptions, useQuery } from '@tanstack/react-query';

import type { PublicConfig } from '#shared/contract/account.ts';

import { apiClient } from '../../../lib/api-client.ts';

export const getPublicConfig = () => apiClient.get<PublicConfig>('/config', { auth: false });

export const publicConfigQueryOptions = () =>
  queryOptions({ queryKey: ['config'], queryFn: getPublicConfig, staleTime: Infinity });

/** Public facts for the sign-in page (the demo account when demo data is seeded). */
export function usePublicConfig() {
  return useQuery(publicConfigQueryOptions());
}
