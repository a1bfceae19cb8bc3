import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import type { AuditEntry } from '#shared/contract/users.ts';

import { authStore, initialAuthState } from '../../../lib/auth/auth-store.ts';
import { fDateTime } from '../../../lib/format.ts';
import { changeLanguage } from '../../../locales/i18n.ts';
import { jsonResponse, mockFetch, testUser } from '../../../testing/fetch-mock.ts';
import { renderRoutes } from '../../../testing/test-utils.tsx';
import { AuditLogView } from './audit-log-view.tsx';

const IDA = '00000000-0000-4000-8000-000000000042';
const GONE = '00000000-0000-4000-8000-000000000099';

const entryId = (i: number) => `00000000-0000-4000-9000-${String(i).padStart(12, '0')}`;

/** The newest entries first, as the API sends them: a ban, then 24 older edits of other users. */
function makeEntries(): AuditEntry[] {
  const ban: AuditEntry = {
    id: entryId(1),
    action: 'user.ban',
    actorId: testUser.id,
    actorName: 'Ada Lovelace',
    targetUserId: IDA,
    targetLabel: 'Ida Tester <ida@example.com>',
    changes: { status: ['active', 'banned'], company: ['Initech', 'Globex'] },
    ip: '203.0.113.7',
    createdAt: '2026-03-04T09:15:00.000Z',
  };
  const deletedActor: AuditEntry = {
    id: entryId(2),
    action: 'user.delete',
    actorId: '00000000-0000-4000-8000-000000000077',
    actorName: null,
    targetUserId: GONE,
    targetLabel: 'Old Account <old@example.com>',
    changes: {},
    ip: null,
    createdAt: '2026-03-03T08:00:00.000Z',
  };
  // Shapes the screen must survive: an unknown action and field, a non-pair change, nested values.
  const odd: AuditEntry = {
    id: entryId(3),
    action: 'user.mystery',
    actorId: testUser.id,
    actorName: 'Ada Lovelace',
    targetUserId: null,
    targetLabel: '',
    changes: {
      shoeSize: [41, 42],
      nickname: 'just a string' as unknown as [unknown, unknown],
      emailVerified: [false, true],
      socialLinks: [{ facebook: '' }, { facebook: 'https://facebook.com/ida' }],
      avatarUrl: [null, '/api/uploads/0123456789abcdef0123456789abcdef.webp'],
      role: ['user', 'admin'],
    },
    ip: '::1',
    createdAt: '2026-03-02T08:00:00.000Z',
  };
  const older = Array.from({ length: 24 }, (_, i): AuditEntry => ({
    id: entryId(10 + i),
    action: 'user.update',
    actorId: testUser.id,
    actorName: 'Ada Lovelace',
    targetUserId: `00000000-0000-4000-8000-${String(200 + i).padStart(12, '0')}`,
    targetLabel: `Person ${i + 1} <p${i + 1}@example.com>`,
    changes: { city: ['', `City ${i + 1}`] },
    ip: '198.51.100.1',
    createdAt: `2026-02-${String(28 - i).padStart(2, '0')}T12:00:00.000Z`,
  }));
  return [ban, deletedActor, odd, ...older];
}

/** A fake GET /api/audit-log that pages and filters as the server does, and GET /api/users/:id for Ida. */
function auditApi({ fail = false, entries = makeEntries() } = {}) {
  let failing = fail;
  const mock = mockFetch([
    {
      path: '/api/audit-log',
      respond: ({ url }) => {
        if (failing) return jsonResponse({ message: 'The audit log is unavailable' }, 503);
        const params = new URL(url, 'http://localhost').searchParams;
        const page = Number(params.get('page'));
        const pageSize = Number(params.get('pageSize'));
        const target = params.get('targetUserId');
        const matching = target ? entries.filter((e) => e.targetUserId === target) : entries;
        return jsonResponse({
          entries: matching.slice((page - 1) * pageSize, page * pageSize),
          total: matching.length,
          page,
          pageSize,
        });
      },
    },
    {
      // Person 1 no longer exists: the chip names them by the label of their entries.
      path: `/api/users/${makeEntries()[3]?.targetUserId}`,
      respond: () => jsonResponse({ message: 'User not found', code: 'NOT_FOUND' }, 404),
    },
    {
      path: `/api/users/${IDA}`,
      respond: () => jsonResponse({ user: { ...testUser, id: IDA, displayName: 'Ida Tester' } }),
    },
  ]);
  return { ...mock, recover: () => (failing = false) };
}

function requestedQueries(calls: ReturnType<typeof mockFetch>['calls']) {
  return calls('GET', '/api/audit-log').map(([input]) =>
    Object.fromEntries(new URL(String(input), 'http://localhost').searchParams.entries()),
  );
}

const rowOf = (grid: HTMLElement, text: string) =>
  within(grid).getByText(text).closest('[role="row"]') as HTMLElement;

function renderView(initialEntry = '/dashboard/user/audit') {
  return renderRoutes(
    [
      { path: '/dashboard/user/audit', element: <AuditLogView /> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: [initialEntry] },
  );
}

describe('audit log view', () => {
  beforeEach(() => {
    authStore.setState({ ...initialAuthState, isInitialized: true, isAuthenticated: true, user: testUser });
  });
  afterEach(async () => {
    await changeLanguage('en');
  });

  it('shows who changed what, when and from where, and pages on the server', async () => {
    const { calls } = auditApi();
    renderView();

    expect(screen.getByRole('heading', { level: 1, name: 'Audit log' })).toBeTruthy();
    const grid = await screen.findByRole('grid', { name: 'Audit log' });
    await within(grid).findByText('Ida Tester <ida@example.com>');
    expect(requestedQueries(calls).at(-1)).toEqual({ page: '1', pageSize: '20' });

    const ban = rowOf(grid, 'Ida Tester <ida@example.com>');
    expect(within(ban).getByText('Ada Lovelace')).toBeTruthy();
    expect(within(ban).getByText('User banned')).toBeTruthy();
    expect(within(ban).getByText(fDateTime('2026-03-04T09:15:00.000Z'))).toBeTruthy();
    expect(within(ban).getByText('203.0.113.7')).toBeTruthy();
    const lines = within(ban)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(lines).toEqual(['Status: Active → Banned', 'Company: Initech → Globex']);
    expect(within(ban).getByRole('link', { name: 'Ida Tester <ida@example.com>' }).getAttribute('href')).toBe(
      `/dashboard/user/${IDA}/edit`,
    );

    // A deleted actor, and a deleted target that no longer links anywhere.
    const deleted = rowOf(grid, 'Old Account <old@example.com>');
    expect(within(deleted).getByText('Deleted user')).toBeTruthy();
    expect(within(deleted).getByText('User deleted')).toBeTruthy();
    expect(within(deleted).queryByRole('link')).toBeNull();

    // Unknown shapes are shown as text; nothing throws.
    const odd = rowOf(grid, 'user.mystery');
    const oddLines = within(odd)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(oddLines).toEqual([
      'Role: User → Admin',
      'Email verified: No → Yes',
      'Facebook link: — → https://facebook.com/ida',
    ]);
    await userEvent.click(within(odd).getByRole('button', { name: '3 more' }));
    expect(
      within(odd)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Role: User → Admin',
      'Email verified: No → Yes',
      'Facebook link: — → https://facebook.com/ida',
      'Avatar: new picture',
      'shoeSize: 41 → 42',
      'nickname: — → just a string',
    ]);

    // The next page comes from the server.
    await userEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(requestedQueries(calls).at(-1)).toEqual({ page: '2', pageSize: '20' }));
    expect(await within(grid).findByText('Person 18 <p18@example.com>')).toBeTruthy();
    expect(within(grid).queryByText('Ida Tester <ida@example.com>')).toBeNull();

    // A new page size starts again at the first page.
    await userEvent.click(screen.getByRole('combobox', { name: /Rows per page/ }));
    await userEvent.click(await screen.findByRole('option', { name: '50' }));
    await waitFor(() => expect(requestedQueries(calls).at(-1)).toEqual({ page: '1', pageSize: '50' }));
    expect(await within(grid).findByText('Person 24 <p24@example.com>')).toBeTruthy();
  });

  it('shows one user’s entries from ?user= with a chip that clears the filter', async () => {
    const { calls } = auditApi();
    const { router } = renderView(`/dashboard/user/audit?user=${IDA}`);

    expect(await screen.findByText('Showing changes to Ida Tester')).toBeTruthy();
    const grid = await screen.findByRole('grid', { name: 'Audit log' });
    await within(grid).findByText('Ida Tester <ida@example.com>');
    expect(requestedQueries(calls).at(-1)).toEqual({ page: '1', pageSize: '20', targetUserId: IDA });
    expect(within(grid).queryByText('Person 1 <p1@example.com>')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Show all entries' }));
    await waitFor(() => expect(requestedQueries(calls).at(-1)).toEqual({ page: '1', pageSize: '20' }));
    expect(await within(grid).findByText('Person 1 <p1@example.com>')).toBeTruthy();
    expect(screen.queryByText('Showing changes to Ida Tester')).toBeNull();
    expect(router.state.location.search).toBe('');

    // The filter button of a row narrows the log to that user again.
    await userEvent.click(
      within(grid).getByRole('button', { name: 'Only changes to Person 1 <p1@example.com>' }),
    );
    await waitFor(() =>
      expect(requestedQueries(calls).at(-1)).toMatchObject({ targetUserId: makeEntries()[3]?.targetUserId }),
    );
    expect(await screen.findByText('Showing changes to Person 1 <p1@example.com>')).toBeTruthy();
  });

  it('says so when nothing was recorded, and when the link names no user', async () => {
    const { calls } = auditApi({ entries: [] });
    const { unmount } = renderView();
    const grid = await screen.findByRole('grid', { name: 'Audit log' });
    expect(await within(grid).findByText('No admin action has been recorded yet.')).toBeTruthy();
    unmount();

    renderView('/dashboard/user/audit?user=not-a-user');
    expect(await screen.findByText(/This link does not name a user/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Show all entries' })).toBeTruthy();
    // Only the first view asked the server.
    expect(requestedQueries(calls)).toHaveLength(1);
  });

  it('shows the server’s error with a Retry that asks again', async () => {
    const { calls, recover } = auditApi({ fail: true });
    renderView();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The audit log is unavailable');
    recover();
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Ida Tester <ida@example.com>')).toBeTruthy();
    expect(requestedQueries(calls).length).toBeGreaterThanOrEqual(2);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('speaks French: translated actions, field names and values', async () => {
    auditApi();
    await changeLanguage('fr');
    renderView();
    const grid = await screen.findByRole('grid', { name: 'Journal d’audit' });
    await within(grid).findByText('Ida Tester <ida@example.com>');
    const ban = rowOf(grid, 'Ida Tester <ida@example.com>');
    expect(within(ban).getByText('Utilisateur banni')).toBeTruthy();
    expect(
      within(ban)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toContain('Statut : Actif → Banni');
  });
});
