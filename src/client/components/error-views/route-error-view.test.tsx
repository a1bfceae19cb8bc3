import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { data } from 'react-router';
import { describe, expect, it, vi } from 'vitest';

import { renderRoutes } from '../../testing/test-utils.tsx';
import { RouteErrorView } from './route-error-view.tsx';

let shouldThrow = true;
function Flaky() {
  if (shouldThrow) throw new Error('boom');
  return <h1>Recovered</h1>;
}

describe('route error view', () => {
  it('shows a friendly message with Retry, which runs the route again', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    shouldThrow = true;
    renderRoutes([{ path: '/', Component: Flaky, ErrorBoundary: RouteErrorView }]);

    expect(await screen.findByRole('heading', { level: 1, name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to home' }).getAttribute('href')).toBe('/');
    shouldThrow = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Recovered' })).toBeTruthy();
    expect(consoleError).toHaveBeenCalled();
  });

  it('shows the 404 and 403 pages for those answers', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { router } = renderRoutes([
      {
        path: '/',
        loader: () => {
          throw data(null, { status: 404 });
        },
        Component: () => null,
        HydrateFallback: () => null,
        ErrorBoundary: RouteErrorView,
      },
      {
        path: '/secret',
        loader: () => {
          throw data(null, { status: 403 });
        },
        Component: () => null,
        HydrateFallback: () => null,
        ErrorBoundary: RouteErrorView,
      },
    ]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    await router.navigate('/secret');
    expect(await screen.findByRole('heading', { level: 1, name: 'No permission' })).toBeTruthy();
  });
});
