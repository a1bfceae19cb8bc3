import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { authStore, initialAuthState } from '../../../lib/auth/auth-store.ts';
import { jsonResponse, mockFetch, testUser } from '../../../testing/fetch-mock.ts';
import { renderRoutes } from '../../../testing/test-utils.tsx';
import { Component } from './booking-listing-edit.tsx';

/** Issue 29 B: listing management is for administrators; anyone else is sent to permission denied. */
describe('listing management route', () => {
  const routes = [
    { path: '/dashboard/booking/listings/new', element: <Component /> },
    { path: '/dashboard/booking/listings/:id/edit', element: <Component /> },
    { path: '/dashboard/permission-denied', element: <p>permission denied</p> },
  ];

  it('sends a person who is not an administrator to permission denied', async () => {
    authStore.setState({
      ...initialAuthState,
      isInitialized: true,
      isAuthenticated: true,
      user: { ...testUser, role: 'user' },
    });
    mockFetch([]);
    renderRoutes(routes, { initialEntries: ['/dashboard/booking/listings/new'] });
    expect(await screen.findByText('permission denied')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'New listing' })).toBeNull();
  });

  it('shows administrators the new form without an id and the edit form with one', async () => {
    authStore.setState({ ...initialAuthState, isInitialized: true, isAuthenticated: true, user: testUser });
    const id = '30000000-0000-4000-8000-000000000009';
    mockFetch([
      { path: '/api/config', respond: () => jsonResponse({ currency: 'USD' }) },
      {
        path: `/api/booking/listings/${id}`,
        respond: () => jsonResponse({ message: 'Listing not found' }, 404),
      },
    ]);
    const { router } = renderRoutes(routes, { initialEntries: ['/dashboard/booking/listings/new'] });
    expect(await screen.findByRole('heading', { level: 1, name: 'New listing' })).toBeTruthy();
    await router.navigate(`/dashboard/booking/listings/${id}/edit`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit listing' })).toBeTruthy();
    expect(await screen.findByText('This listing does not exist or was deleted.')).toBeTruthy();
  });
});
