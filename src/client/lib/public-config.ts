import { queryOptions, useQuery } from '@tanstack/react-query';

import type { PublicConfig } from '#shared/contract/account.ts';

import { apiClient } from './api-client.ts';

export const getPublicConfig = () => apiClient.get<PublicConfig>('/config', { auth: false });

/**
 * The config the server wrote into index.html (`<script id="public-config" type="application/json">`,
 * server/plugins/web-app.ts), so the first page needs no request for it; undefined without one (the dev
 * server's page) or when it does not parse, and then it is requested.
 */
export function inlinedPublicConfig(): PublicConfig | undefined {
  const text = typeof document === 'undefined' ? null : document.getElementById('public-config')?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as PublicConfig;
  } catch {
    return undefined;
  }
}

export const publicConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['config'],
    queryFn: getPublicConfig,
    staleTime: Infinity,
    initialData: inlinedPublicConfig,
  });

/** The instance's public facts (the demo account, the shop's currency), asked once per page load. */
export function usePublicConfig() {
  return useQuery(publicConfigQueryOptions());
}
