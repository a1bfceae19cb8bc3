import { QueryClient } from '@tanstack/react-query';

import { ApiError } from './api-error.ts';
import { refetchBeforeLinksExpire, refetchIfLinksExpiring } from './signed-links.ts';

/** Client errors (4xx) are answers, not glitches: retrying them only repeats the same answer. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        staleTime: 30_000,
        // Signed file links expire within 5 minutes: answers holding them are asked again before then.
        refetchInterval: refetchBeforeLinksExpire,
        refetchOnWindowFocus: refetchIfLinksExpiring,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
