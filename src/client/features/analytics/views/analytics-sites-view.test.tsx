import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

import type { AnalyticsSite } from '#shared/contract/analytics.ts';

import { authStore, initialAuthState } from '../../../lib/auth/auth-store.ts';
import { ensureTranslations } from '../../../locales/i18n.ts';
import { jsonResponse, mockFetch, testUser, type MockRoute } from '../../../testing/fetch-mock.ts';
import { renderRoutes } from '../../../testing/test-utils.tsx';
import { builtInSite, makeSite, shopSite, shopSiteId } from '../testing/analytics-site-fixtures.ts';
import { AnalyticsSitesView } from './analytics-sites-view.tsx';

beforeAll(() => ensureTranslations('analytics'));

function signIn(role: 'admin' | 'user') {
  authStore.setState({
    ...initialAuthState,
    isInitialized: true,
    isAuthenticated: true,
    user: { ...testUser, role },
  });
}

function renderSites(extra: MockRoute[] = [], sites: AnalyticsSite[] = [shopSite, builtInSite]) {
  const mock = mockFetch([
    ...extra,
    { path: '/api/analytics/sites', respond: () => jsonResponse({ sites }) },
    {
      path: '/api/analytics/settings',
      respond: () => jsonResponse({ retentionDays: 395, geo: { source: 'bundled', updatedAt: null } }),
    },
  ]);
  const rendered = renderRoutes([{ path: '/dashboard/analytics/sites', element: <AnalyticsSitesView /> }], {
    initialEntries: ['/dashboard/analytics/sites'],
  });
  return { ...mock, ...rendered };
}

const section = (name: string) => screen.findByRole('region', { name });

describe('the analytics sites page', () => {
  beforeEach(() => signIn('admin'));

  it('lists the sites, the built-in one first, with their domains, goals and last event', async () => {
    renderSites(
      [],
      [shopSite, { ...builtInSite, lastEventAt: new Date(Date.now() - 3 * 60_000).toISOString() }],
    );
    await section('Shop');
    const regions = screen.getAllByRole('region');
    const names = regions.map((region) => within(region).queryByRole('heading', { level: 2 })?.textContent);
    expect(names).toEqual(['Atrium', 'Shop', 'Data retention']);
    const atrium = await section('Atrium');
    expect(within(atrium).getByText('Built-in')).toBeTruthy();
    expect(within(atrium).getByText('Last event 3 minutes ago')).toBeTruthy();
    const shop = await section('Shop');
    expect(within(shop).getByText('shop.example.com')).toBeTruthy();
    expect(within(shop).getByText('signup')).toBeTruthy();
    expect(within(shop).getByText('No event received yet')).toBeTruthy();
    expect(await screen.findByRole('region', { name: 'Data retention' })).toBeTruthy();
  });

  it('checks the add form inline, then creates the site with what was typed', async () => {
    const created = makeSite({ id: '30000000-0000-4000-8000-000000000009', name: 'Blog', builtIn: false });
    const { calls } = renderSites([
      { method: 'POST', path: '/api/analytics/sites', respond: () => jsonResponse({ site: created }, 201) },
    ]);
    const user = userEvent.setup();
    await section('Shop');
    await user.click(screen.getByRole('button', { name: 'Add site' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a site' });
    await user.click(within(dialog).getByRole('button', { name: 'Add site' }));
    expect(await within(dialog).findByText('Name is required')).toBeTruthy();
    expect(within(dialog).getByText('Add at least one domain')).toBeTruthy();

    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Blog');
    await user.type(within(dialog).getByRole('combobox', { name: 'Domains' }), 'not a domain!{Enter}');
    await user.click(within(dialog).getByRole('button', { name: 'Add site' }));
    expect(await within(dialog).findByText('Enter a domain such as shop.example.com')).toBeTruthy();
    expect(calls('POST', '/api/analytics/sites')).toHaveLength(0);

    // The bad domain goes (Backspace removes the last chip); a pasted address keeps only its host.
    const domains = within(dialog).getByRole('combobox', { name: 'Domains' });
    await user.click(domains);
    await user.keyboard('{Backspace}');
    await user.type(domains, 'https://Blog.Example.com/posts{Enter}');
    expect(within(dialog).getByText('blog.example.com')).toBeTruthy();
    await user.type(within(dialog).getByRole('combobox', { name: 'Goals' }), 'newsletter{Enter}');
    await user.click(within(dialog).getByRole('switch', { name: /Leave out visits/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Add site' }));

    await waitFor(() => expect(calls('POST', '/api/analytics/sites')).toHaveLength(1));
    const [, init] = calls('POST', '/api/analytics/sites')[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({
      name: 'Blog',
      domains: ['blog.example.com'],
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      goals: ['newsletter'],
      excludeAdmins: true,
    });
    expect(await screen.findByText('Site added')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('edits the built-in site without its domains, which stay fixed', async () => {
    const { calls } = renderSites([
      {
        method: 'PATCH',
        path: `/api/analytics/sites/${builtInSite.id}`,
        respond: () => jsonResponse({ site: { ...builtInSite, goals: ['order'] } }),
      },
    ]);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Atrium' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Atrium' });
    expect((within(dialog).getByRole('combobox', { name: 'Domains' }) as HTMLInputElement).disabled).toBe(
      true,
    );
    await user.type(within(dialog).getByRole('combobox', { name: 'Goals' }), 'order{Enter}');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls('PATCH', `/api/analytics/sites/${builtInSite.id}`)).toHaveLength(1));
    const [, init] = calls('PATCH', `/api/analytics/sites/${builtInSite.id}`)[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({
      name: 'Atrium',
      timeZone: 'UTC',
      goals: ['order'],
      excludeAdmins: false,
    });
  });

  it('refuses to remove the built-in site and removes another after confirmation', async () => {
    const { calls } = renderSites([
      {
        method: 'DELETE',
        path: `/api/analytics/sites/${shopSiteId}`,
        respond: () => new Response(null, { status: 204 }),
      },
    ]);
    const user = userEvent.setup();
    const builtInRemove = await screen.findByRole('button', { name: 'Remove Atrium' });
    expect((builtInRemove as HTMLButtonElement).disabled).toBe(true);
    expect(builtInRemove.getAttribute('title')).toBe(
      'The built-in site (this instance’s public pages) cannot be removed.',
    );

    await user.click(screen.getByRole('button', { name: 'Remove Shop' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove Shop?' });
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(calls('DELETE', `/api/analytics/sites/${shopSiteId}`)).toHaveLength(1));
    expect(calls('DELETE', `/api/analytics/sites/${builtInSite.id}`)).toHaveLength(0);
    expect(await screen.findByText('Shop removed')).toBeTruthy();
  });

  it('copies a site’s snippet with this instance’s address and says so', async () => {
    renderSites();
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    const shop = await section('Shop');
    const snippet = `<script defer data-site="shop-key-123" src="${window.location.origin}/analytics.js"></script>`;
    expect(within(shop).getByLabelText('Snippet of Shop').textContent).toBe(snippet);
    expect(within(shop).getByLabelText('Custom event example').textContent).toBe("atrium('signup')");
    await user.click(within(shop).getByRole('button', { name: 'Copy the snippet of Shop' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(snippet));
    expect(await screen.findByText('Snippet copied')).toBeTruthy();
  });

  it('checks the installation: the last event received, or none yet', async () => {
    const at = new Date(Date.now() - 5 * 60_000).toISOString();
    renderSites([
      {
        path: `/api/analytics/sites/${shopSiteId}/check`,
        respond: () => jsonResponse({ lastEventAt: at, lastEvent: { name: 'signup', page: '/pricing' } }),
      },
      {
        path: `/api/analytics/sites/${builtInSite.id}/check`,
        respond: () => jsonResponse({ lastEventAt: null, lastEvent: null }),
      },
    ]);
    const user = userEvent.setup();
    const shop = await section('Shop');
    await user.click(within(shop).getByRole('button', { name: 'Check installation' }));
    expect(await within(shop).findByText('Last event: “signup” on /pricing, 5 minutes ago.')).toBeTruthy();

    const atrium = await section('Atrium');
    await user.click(within(atrium).getByRole('button', { name: 'Check installation' }));
    expect(
      await within(atrium).findByText('No event received yet. Open a page of the site, then check again.'),
    ).toBeTruthy();
  });

  it('saves the retention in days, refusing a value out of range', async () => {
    const { calls } = renderSites([
      {
        method: 'PATCH',
        path: '/api/analytics/settings',
        respond: ({ body }) =>
          jsonResponse({ ...(body as object), geo: { source: 'bundled', updatedAt: null } }),
      },
    ]);
    const user = userEvent.setup();
    const retention = await section('Data retention');
    const days = await within(retention).findByRole('spinbutton', { name: 'Keep raw events (days)' });
    expect((days as HTMLInputElement).value).toBe('395');
    await user.clear(days);
    await user.type(days, '10');
    const save = within(retention).getByRole('button', { name: 'Save' });
    expect((save as HTMLButtonElement).disabled).toBe(true);
    await user.clear(days);
    await user.type(days, '90');
    await user.click(save);
    await waitFor(() => expect(calls('PATCH', '/api/analytics/settings')).toHaveLength(1));
    expect(JSON.parse(String(calls('PATCH', '/api/analytics/settings')[0]![1]?.body))).toEqual({
      retentionDays: 90,
    });
    expect(await screen.findByText('Retention saved')).toBeTruthy();
  });

  it('tells a member the page is for administrators and asks for nothing', async () => {
    signIn('user');
    const { fetchMock } = renderSites();
    expect(await screen.findByText('Analytics are shown to administrators.')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes('/analytics/'))).toBe(false);
  });
});
