import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';

import { AppProvider } from '../app/provider.tsx';
import { queryClient } from '../lib/query-client.ts';

/**
 * Renders routes in a memory router inside the app providers and the app's query client (the one route loaders fill; emptied after every test, no retries
 * in tests: setup-tests.ts).
 * Add a catch-all route to observe navigation: `{ path: '*', element: <p>elsewhere</p> }`.
 */
export function renderRoutes(
  routes: RouteObject[],
  { initialEntries = ['/'] }: { initialEntries?: string[] } = {},
) {
  const router = createMemoryRouter(routes, { initialEntries });
  const result = render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...result, router, queryClient };
}
