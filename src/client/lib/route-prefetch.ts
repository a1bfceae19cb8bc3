/**
 * Prefetching a page's code when its link is hovered or focused: links call `prefetchRoute(path)`; the app's
 * router registers how to load the code of the routes a path matches (app/router.tsx). Each chunk is
 * fetched once; React Router then finds it loaded when the link is followed.
 */
type Prefetcher = (path: string) => void;

let prefetcher: Prefetcher | null = null;
const done = new Set<string>();

export function registerRoutePrefetch(fn: Prefetcher | null): void {
  prefetcher = fn;
}

export function prefetchRoute(path: string): void {
  if (!prefetcher || done.has(path)) return;
  done.add(path);
  prefetcher(path);
}
