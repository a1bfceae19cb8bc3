import { matchRoutes, type RouteObject } from 'react-router';

/**
 * Whether the app path `path` (a query or fragment is ignored) leads to a page of `routes`: its deepest
 * matching route is not a catch-all (`*`, the "Page not found" view).
 */
export function pageExists(routes: RouteObject[], path: string): boolean {
  const pathname = path.split(/[?#]/, 1)[0] ?? '';
  if (!pathname.startsWith('/')) return false;
  const deepest = matchRoutes(routes, pathname)?.at(-1)?.route;
  return deepest !== undefined && deepest.path !== '*';
}
