import { useMatches } from 'react-router';

/** Whether an app path leads to a page of the route table (not to its "Page not found" catch-all). */
export type PageExists = (path: string) => boolean;

/** What the route table puts in its root route's `handle` (app/router.tsx) for the shell to ask. */
export type PageCheckHandle = { pageExists: PageExists };

const everyPage: PageExists = () => true;

/**
 * Asks the route table whether a path leads to a page, so that links to pages of later issues stay hidden
 * until their route exists (the navigation, the command palette, the overview's shortcuts): adding the route
 * is what shows them. Outside a route table that says (a component rendered on its own), every path does.
 */
export function usePageExists(): PageExists {
  const matches = useMatches();
  for (const match of matches) {
    const handle = match.handle as Partial<PageCheckHandle> | undefined;
    if (handle?.pageExists) return handle.pageExists;
  }
  return everyPage;
}
