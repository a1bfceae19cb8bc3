import {
  getPublicConfig,
  inlinedPublicConfig,
  publicConfigQueryOptions,
} from '../../../lib/public-config.ts';
import { queryClient } from '../../../lib/query-client.ts';

export { usePublicConfig } from '../../../lib/public-config.ts';

/** How long the sign-in page waits for the config before it shows without it. */
const CONFIG_WAIT_MS = 2000;

/**
 * Route loader of the sign-in page: the page renders once the config is there, so the demo notice never
 * appears late and pushes the form down (a layout shift). The served index.html carries it (no wait);
 * otherwise it is requested with the page's code, and a failed or slow request (no retries, at most 2 s)
 * renders the page without the notice.
 */
export async function publicConfigLoader(): Promise<null> {
  const { queryKey } = publicConfigQueryOptions();
  if (queryClient.getQueryData(queryKey) || inlinedPublicConfig()) return null;
  // A request of its own, not the cache's: signing out clears the cache while this page loads.
  const config = await Promise.race([
    getPublicConfig().catch(() => undefined),
    new Promise<undefined>((resolve) => setTimeout(resolve, CONFIG_WAIT_MS)),
  ]);
  if (config) queryClient.setQueryData(queryKey, config);
  return null;
}
