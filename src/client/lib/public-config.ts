import { queryOptions, useQuery } from '@tanstack/react-query';

import type { PublicConfig } from '#shared/contract/account.ts';

import { apiClient } from './api-client.ts';

export const getPublicConfig = () => apiClient.get<PublicConfig>('/config', { auth: false });

export const publicConfigQueryOptions = () =>
  queryOptions({ queryKey: ['config'], queryFn: getPublicConfig, staleTime: Infinity });

/** The instance's public facts (the demo account, the shop's currency), asked once per page load. */
export function usePublicConfig() {
  return useQuery(publicConfigQueryOptions());
}
