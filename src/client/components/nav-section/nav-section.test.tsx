import { act, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { renderRoutes } from '../../testing/test-utils.tsx';
import { NavSection } from './nav-section.tsx';
import type { NavGroup } from './types.ts';

const data: NavGroup[] = [
  {
    subheader: 'Management',
    items: [
      { title: 'Overview', path: '/dashboard/app' },
      {
        title: 'User',
        path: '/dashboard/user',
        children: [
          { title: 'List', path: '/dashboard/user/list' },
          { title: 'Audit log', path: '/dashboard/user/audit' },
        ],
      },
    ],
  },
];

function renderNav(initialEntry: string) {
  return renderRoutes([{ path: '*', element: <NavSection data={data} /> }], {
    initialEntries: [initialEntry],
  });
}

const userButton = () => screen.getByRole('button', { name: 'User' });
const expanded = () => userButton().getAttribute('aria-expanded');

describe('NavSection', () => {
  it('opens the parent of the current page, and the person can close and reopen it', async () => {
    renderNav('/dashboard/user/list');
    expect(expanded()).toBe('true');
    expect(screen.getByRole('link', { name: 'List' }).getAttribute('aria-current')).toBe('page');

    await userEvent.click(userButton());
    expect(expanded()).toBe('false');
    await userEvent.click(userButton());
    expect(expanded()).toBe('true');
  });

  it('opens a closed parent when the page moves into it, and leaves it as chosen when the page leaves', async () => {
    const { router } = renderNav('/dashboard/app');
    expect(expanded()).toBe('false');

    await act(() => router.navigate('/dashboard/user/audit'));
    expect(expanded()).toBe('true');
    expect(screen.getByRole('link', { name: 'Audit log' }).getAttribute('aria-current')).toBe('page');

    // Moving within the open parent keeps it open; closing it by hand then survives moving inside it.
    await act(() => router.navigate('/dashboard/user/list'));
    expect(expanded()).toBe('true');
    await userEvent.click(userButton());
    await act(() => router.navigate('/dashboard/user/audit'));
    expect(expanded()).toBe('false');

    // Leaving does not close it; coming back opens it again.
    await userEvent.click(userButton());
    await act(() => router.navigate('/dashboard/app'));
    expect(expanded()).toBe('true');
    await userEvent.click(userButton());
    await act(() => router.navigate('/dashboard/user/list'));
    expect(expanded()).toBe('true');
  });
});
