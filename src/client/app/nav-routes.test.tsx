import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import type { Role, User } from '#shared/contract/account.ts';

import { paths } from '../config/paths.ts';
import { todayTodos } from '../features/overview/components/app-welcome.tsx';
import { appOverviewRoutes, emptyAppOverview } from '../features/overview/testing/app-overview-fixtures.ts';
import {
  filterNavByRole,
  flattenNav,
  navConfigDashboard,
  type NavConfigGroup,
} from '../layouts/nav-config-dashboard.tsx';
import { setAccessToken } from '../lib/api-client.ts';
import { authStore } from '../lib/auth/auth-store.ts';
import { fakeToken, jsonResponse, mockFetch, shellRoutes, testUser } from '../testing/fetch-mock.ts';
import { renderRoutes } from '../testing/test-utils.tsx';
import { pageExists } from './page-exists.ts';
import { createRoutes } from './router.tsx';

/**
 * Issue #24: no link of the navigation, the command palette or the overview leads to "Page not found". A link
 * to a page of a later issue stays in the config and is hidden until its route exists.
 */

/**
 * The pages the navigation and the overview name that no route has yet. When a later issue adds one of these
 * routes, its links appear by themselves: take it off this list. Anything else missing a route is a mistake.
 */
const pagesToCome: string[] = [];

const isAppPath = (path: string) => path.startsWith('/');
const appPaths = (groups: NavConfigGroup[]) =>
  groups.flatMap((group) => flattenNav(group.items).map((item) => item.path)).filter(isAppPath);
const roles: Role[] = ['admin', 'user'];

describe('navigation paths and the route table', () => {
  const routes = createRoutes();
  const leadsToPage = (path: string) => pageExists(routes, path);

  it('tells a page from the "Page not found" catch-all', () => {
    for (const path of [
      paths.dashboard.general.app,
      paths.dashboard.user.root,
      paths.dashboard.user.demo.edit,
      paths.dashboard.user.auditOf('someone'),
      paths.dashboard.invoice.demo.edit,
      paths.page404,
      paths.auth.login,
    ]) {
      expect(leadsToPage(path), path).toBe(true);
    }
    for (const path of ['/dashboard/no-such-page', '/no-such-page', '#menu-level', 'https://example.com/']) {
      expect(leadsToPage(path), path).toBe(false);
    }
  });

  it("every app path of the navigation config and of the overview's to-dos has a route, but the pages to come", () => {
    const named = [
      ...appPaths(navConfigDashboard),
      ...todayTodos.map((todo) => todo.to.split('?')[0] ?? todo.to),
    ];
    const missing = [...new Set(named.filter((path) => !leadsToPage(path)))];
    expect(missing.sort()).toEqual([...pagesToCome].sort());
  });

  it('shows each role only items that lead to a page', () => {
    for (const role of roles) {
      const shown = appPaths(filterNavByRole(navConfigDashboard, role, leadsToPage));
      expect(
        shown.filter((path) => !leadsToPage(path)),
        role,
      ).toEqual([]);
      expect(shown, role).toContain(paths.dashboard.calendar);
    }
    // Without the route table's answer (a component on its own) every item shows.
    expect(appPaths(filterNavByRole(navConfigDashboard, 'admin'))).toContain(
      paths.dashboard.general.analytics,
    );
  });
});

function signIn(user: User) {
  const token = fakeToken(900);
  setAccessToken(token);
  authStore.setState({ isInitialized: true, isAuthenticated: true, user });
}

/** Opens every closed group of the navigation until all its links are rendered. */
async function expandAll(nav: HTMLElement) {
  for (let round = 0; round < 6; round++) {
    const closed = within(nav)
      .queryAllByRole('button')
      .filter((button) => button.getAttribute('aria-expanded') === 'false');
    if (!closed.length) return;
    for (const button of closed) await userEvent.click(button);
  }
}

const hrefs = (links: HTMLElement[]) =>
  links.map((link) => link.getAttribute('href') ?? '').filter((href) => isAppPath(href));

describe.each(roles)('the rendered shell, as %s', (role) => {
  beforeEach(() => {
    signIn({ ...testUser, role });
    mockFetch([
      ...shellRoutes(),
      {
        path: '/api/notifications',
        respond: () => jsonResponse({ notifications: [], total: 0, unreadCount: 0 }),
      },
      ...appOverviewRoutes({
        // Something for each to-do of the welcome card, so its links are there to check.
        overview: (query) => ({
          ...emptyAppOverview(query, role === 'admin'),
          today: {
            unreadMail: 1,
            unreadChat: 1,
            cardsDue: 1,
            eventsToday: 1,
            ...(role === 'admin' && { overdueInvoices: 1 }),
          },
        }),
      }),
    ]);
  });

  it('every link of the navigation, the overview and the command palette leads to a page', async () => {
    const routes = createRoutes();
    renderRoutes(routes, { initialEntries: ['/dashboard/app'] });
    const main = await screen.findByRole('main');
    const welcome = await within(main).findByRole('region', { name: 'Welcome back, Ada Lovelace' });
    await within(welcome).findByRole('link', { name: '1 event today' });
    const pageLinks = hrefs(within(main).getAllByRole('link'));
    expect(hrefs(within(welcome).getAllByRole('link'))).toContain(paths.dashboard.calendar);

    await userEvent.click(await screen.findByRole('button', { name: 'Open navigation' }));
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    await expandAll(nav);
    const navLinks = hrefs(within(nav).getAllByRole('link'));
    expect(navLinks).toContain(paths.dashboard.kanban);
    expect(navLinks).toContain(paths.dashboard.user.profile);
    for (const path of pagesToCome) expect(navLinks).not.toContain(path);
    // Analytics was the last page to come (issue 30): every overview of the General group is there.
    expect(within(nav).getByRole('link', { name: 'Analytics' })).toBeTruthy();
    expect(within(nav).getByRole('link', { name: 'Booking' })).toBeTruthy();

    for (const href of [...pageLinks, ...navLinks]) {
      expect(pageExists(routes, href), href).toBe(true);
    }
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Main navigation' })).toBeNull());

    await userEvent.keyboard('{Control>}k{/Control}');
    const palette = await screen.findByRole('dialog', { name: 'Search' });
    const input = within(palette).getByRole('combobox', { name: 'Search pages' });
    await userEvent.clear(input);
    await userEvent.type(input, 'analytics');
    expect(within(palette).getAllByRole('option')).toHaveLength(1);
    await userEvent.clear(input);
    await userEvent.type(input, 'kanban');
    expect(within(palette).getAllByRole('option')).toHaveLength(1);
    // The file manager's page exists (issue 27 A): the palette finds it.
    await userEvent.clear(input);
    await userEvent.type(input, 'manager');
    expect(within(palette).getAllByRole('option')).toHaveLength(1);
  });
});
