import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import type { Invitation, WorkspaceSettings } from '#shared/contract/workspace.ts';

import { authStore, initialAuthState } from '../../../lib/auth/auth-store.ts';
import { jsonResponse, mockFetch, testUser, type MockRoute } from '../../../testing/fetch-mock.ts';
import { renderRoutes } from '../../../testing/test-utils.tsx';
import { WorkspaceSettingsView } from './workspace-settings-view.tsx';

const GIB = 1024 ** 3;

const settings = (extra: Partial<WorkspaceSettings> = {}): WorkspaceSettings => ({
  signup: 'verify',
  membersMayInvite: false,
  mailQuota: { perPersonHour: 50, perPersonDay: 200, instanceDay: 2000 },
  storageQuotaBytes: GIB,
  version: 3,
  ...extra,
});

const invitation = (n: number, extra: Partial<Invitation> = {}): Invitation => ({
  id: `00000000-0000-4000-9000-${String(n).padStart(12, '0')}`,
  email: `guest${n}@example.com`,
  status: 'pending',
  invitedBy: { id: testUser.id, name: 'Ada Lovelace' },
  createdAt: '2026-11-20T10:00:00.000Z',
  expiresAt: '2026-11-27T10:00:00.000Z',
  acceptedAt: null,
  ...extra,
});

/** A fake /api/workspace: the settings (version-checked as the server does) and the invitations. */
function workspaceApi({
  saved = settings(),
  invitations = [
    invitation(1),
    invitation(2, { status: 'accepted', acceptedAt: '2026-11-21T10:00:00.000Z' }),
  ],
  refuseInvite,
}: {
  saved?: WorkspaceSettings;
  invitations?: Invitation[];
  /** The first invitation is refused with this answer (status, body). */
  refuseInvite?: [number, object];
} = {}) {
  const state = { settings: saved, invitations: [...invitations], refuseInvite };
  const mock = mockFetch([
    { path: '/api/workspace/settings', respond: () => jsonResponse(state.settings) },
    {
      method: 'PUT',
      path: '/api/workspace/settings',
      respond: ({ body }) => {
        const { version, ...changes } = body as Partial<WorkspaceSettings> & { version: number };
        if (version !== state.settings.version) {
          return jsonResponse(
            { message: 'Someone else changed this', code: 'STALE', current: state.settings },
            409,
          );
        }
        state.settings = { ...state.settings, ...changes, version: version + 1 };
        return jsonResponse(state.settings);
      },
    },
    { path: '/api/workspace/invitations', respond: () => jsonResponse({ invitations: state.invitations }) },
    {
      method: 'POST',
      path: '/api/workspace/invitations',
      respond: ({ body }) => {
        if (state.refuseInvite) {
          const [status, answer] = state.refuseInvite;
          state.refuseInvite = undefined;
          return jsonResponse(answer, status);
        }
        const created = invitation(100, { email: (body as { email: string }).email });
        state.invitations = [created, ...state.invitations];
        return jsonResponse({ invitation: created }, 201);
      },
    },
    ...state.invitations.map((i): MockRoute => ({
      method: 'DELETE',
      path: `/api/workspace/invitations/${i.id}`,
      respond: () => {
        state.invitations = state.invitations.map((x) => (x.id === i.id ? { ...x, status: 'revoked' } : x));
        return new Response(null, { status: 204 });
      },
    })),
  ]);
  return { ...mock, state };
}

function renderView() {
  return renderRoutes([{ path: '/dashboard/workspace', element: <WorkspaceSettingsView /> }], {
    initialEntries: ['/dashboard/workspace'],
  });
}

const putBodies = (calls: ReturnType<typeof mockFetch>['calls']) =>
  calls('PUT', '/api/workspace/settings').map(([, init]) => JSON.parse(String(init?.body)) as unknown);

describe('the workspace settings page', () => {
  beforeEach(() => {
    authStore.setState({ ...initialAuthState, isInitialized: true, isAuthenticated: true, user: testUser });
  });

  it('shows the saved settings: the mode, the switch, the quotas and the storage quota in GB', async () => {
    workspaceApi({ saved: settings({ membersMayInvite: true, storageQuotaBytes: 1.5 * GIB }) });
    renderView();

    expect(screen.getByRole('heading', { level: 1, name: 'Workspace settings' })).toBeTruthy();
    const modes = await screen.findByRole('radiogroup', { name: 'Registration' });
    expect(within(modes).getAllByRole('radio')).toHaveLength(5);
    expect(
      (within(modes).getByRole('radio', { name: /Email verification/ }) as HTMLInputElement).checked,
    ).toBe(true);
    // Each mode says what it means.
    expect(
      within(modes)
        .getByRole('radio', { name: /Administrator approval/ })
        .getAttribute('aria-describedby'),
    ).toBeTruthy();
    expect(screen.getByText(/wait for an administrator’s approval in the Pending tab/)).toBeTruthy();
    expect(
      (screen.getByRole('switch', { name: 'Members may invite people' }) as HTMLInputElement).checked,
    ).toBe(true);
    expect(screen.getByRole('spinbutton', { name: 'Outside recipients per person per hour' })).toHaveProperty(
      'value',
      '50',
    );
    expect(screen.getByRole('spinbutton', { name: 'Outside recipients per person per day' })).toHaveProperty(
      'value',
      '200',
    );
    expect(
      screen.getByRole('spinbutton', { name: 'Outside recipients for the workspace per day' }),
    ).toHaveProperty('value', '2000');
    expect(screen.getByRole('spinbutton', { name: 'Default storage quota per person' })).toHaveProperty(
      'value',
      '1.5',
    );
    // Nothing changed yet: nothing to save.
    expect(screen.getByRole('button', { name: 'Save changes' })).toHaveProperty('disabled', true);
  });

  it('saves a changed mode with the version it was read at, and says so', async () => {
    const { calls, state } = workspaceApi();
    renderView();

    await userEvent.click(await screen.findByRole('radio', { name: /Administrator approval/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Workspace settings saved')).toBeTruthy();
    expect(putBodies(calls)).toEqual([{ signup: 'approval', version: 3 }]);
    expect(state.settings).toMatchObject({ signup: 'approval', version: 4 });
    // The form is filled from the saved settings: the next save sends the new version.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Save changes' })).toHaveProperty('disabled', true),
    );
    await userEvent.click(screen.getByRole('radio', { name: /Invitation only/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(putBodies(calls)).toHaveLength(2));
    expect(putBodies(calls)[1]).toEqual({ signup: 'invite', version: 4 });
  });

  it('sends the quotas as numbers and the storage quota in bytes, and shows bad values on their fields', async () => {
    const { calls } = workspaceApi();
    renderView();

    const hour = await screen.findByRole('spinbutton', { name: 'Outside recipients per person per hour' });
    await userEvent.clear(hour);
    await userEvent.type(hour, '2.5');
    const day = screen.getByRole('spinbutton', { name: 'Outside recipients per person per day' });
    await userEvent.clear(day);
    await userEvent.type(day, '5000000');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Enter a whole number of 0 or more')).toBeTruthy();
    expect(screen.getByText('At most 1,000,000')).toBeTruthy();
    expect(calls('PUT', '/api/workspace/settings')).toHaveLength(0);

    await userEvent.clear(hour);
    await userEvent.type(hour, '10');
    await userEvent.clear(day);
    await userEvent.type(day, '40');
    const storage = screen.getByRole('spinbutton', { name: 'Default storage quota per person' });
    await userEvent.clear(storage);
    await userEvent.type(storage, '2');
    await userEvent.click(screen.getByRole('switch', { name: 'Members may invite people' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Workspace settings saved')).toBeTruthy();
    expect(putBodies(calls)).toEqual([
      {
        membersMayInvite: true,
        mailQuota: { perPersonHour: 10, perPersonDay: 40, instanceDay: 2000 },
        storageQuotaBytes: 2 * GIB,
        version: 3,
      },
    ]);
  });

  it('shows the file manager’s defaults when never saved, checks them with the contract and saves them', async () => {
    const { calls } = workspaceApi();
    renderView();

    const versions = await screen.findByRole('spinbutton', { name: 'Older versions kept per file' });
    const trash = screen.getByRole('spinbutton', { name: 'Days in the trash' });
    // Absent from the settings: the server's defaults (file-limits.ts).
    expect((versions as HTMLInputElement).value).toBe('10');
    expect((trash as HTMLInputElement).value).toBe('30');

    await userEvent.clear(versions);
    await userEvent.type(versions, '1001');
    await userEvent.clear(trash);
    await userEvent.type(trash, '0');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('At most 1,000')).toBeTruthy();
    expect(screen.getByText('At least 1 day')).toBeTruthy();
    await userEvent.clear(trash);
    await userEvent.type(trash, '4000');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('At most 3,650 days')).toBeTruthy();
    expect(calls('PUT', '/api/workspace/settings')).toHaveLength(0);

    await userEvent.clear(versions);
    await userEvent.type(versions, '0');
    await userEvent.clear(trash);
    await userEvent.type(trash, '7');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Workspace settings saved')).toBeTruthy();
    expect(putBodies(calls)).toEqual([{ fileVersionsKept: 0, trashRetentionDays: 7, version: 3 }]);
  });

  it('shows the saved file manager settings and sends only the one changed', async () => {
    const { calls } = workspaceApi({ saved: settings({ fileVersionsKept: 3, trashRetentionDays: 90 }) });
    renderView();

    const versions = await screen.findByRole('spinbutton', { name: 'Older versions kept per file' });
    expect((versions as HTMLInputElement).value).toBe('3');
    const trash = screen.getByRole('spinbutton', { name: 'Days in the trash' });
    expect((trash as HTMLInputElement).value).toBe('90');
    await userEvent.clear(trash);
    await userEvent.type(trash, '14');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(putBodies(calls)).toEqual([{ trashRetentionDays: 14, version: 3 }]));
  });

  it('on a stale save says someone else changed the settings and shows the current values', async () => {
    const { calls, state } = workspaceApi();
    renderView();

    await userEvent.click(await screen.findByRole('radio', { name: /^Open/ }));
    // Meanwhile another administrator closed registration.
    state.settings = settings({ signup: 'closed', version: 4 });
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText(/Someone else changed the workspace settings/)).toBeTruthy();
    expect(putBodies(calls)).toEqual([{ signup: 'open', version: 3 }]);
    await waitFor(() =>
      expect((screen.getByRole('radio', { name: /Closed/ }) as HTMLInputElement).checked).toBe(true),
    );
    expect(screen.queryByText('Workspace settings saved')).toBeNull();

    // Saving again goes with the current version.
    await userEvent.click(screen.getByRole('radio', { name: /^Open/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Workspace settings saved')).toBeTruthy();
    expect(putBodies(calls)[1]).toEqual({ signup: 'open', version: 4 });
  });

  it('lists the invitations, invites by email (a new row) and shows the server’s refusal', async () => {
    const { calls } = workspaceApi({
      refuseInvite: [
        403,
        { message: 'Verify your email address before you invite people', code: 'EMAIL_UNVERIFIED' },
      ],
    });
    renderView();

    const grid = await screen.findByRole('grid', { name: 'Invitations' });
    await within(grid).findByText('guest1@example.com');
    const first = within(grid).getByText('guest1@example.com').closest('[role="row"]') as HTMLElement;
    expect(within(first).getByText('Pending')).toBeTruthy();
    expect(within(first).getByText('Ada Lovelace')).toBeTruthy();
    const accepted = within(grid).getByText('guest2@example.com').closest('[role="row"]') as HTMLElement;
    expect(within(accepted).getByText('Accepted')).toBeTruthy();
    // Only a pending invitation can be revoked.
    expect(within(accepted).queryByRole('button', { name: /Revoke/ })).toBeNull();

    const email = screen.getByRole('textbox', { name: 'Email address' });
    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Email is required')).toBeTruthy();

    await userEvent.type(email, 'New.Friend@Example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Verify your email address before you invite people')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Invitation sent to new.friend@example.com')).toBeTruthy();
    expect(await within(grid).findByText('new.friend@example.com')).toBeTruthy();
    expect(
      calls('POST', '/api/workspace/invitations').map(
        ([, init]) => JSON.parse(String(init?.body)) as unknown,
      ),
    ).toEqual([{ email: 'new.friend@example.com' }, { email: 'new.friend@example.com' }]);
    expect(screen.queryByText('Verify your email address before you invite people')).toBeNull();
    expect(email).toHaveProperty('value', '');
  });

  it('revokes a pending invitation after confirming', async () => {
    const { calls } = workspaceApi();
    renderView();

    const grid = await screen.findByRole('grid', { name: 'Invitations' });
    await userEvent.click(
      await within(grid).findByRole('button', { name: 'Revoke the invitation of guest1@example.com' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Revoke this invitation?' });
    expect(within(dialog).getByText('The link sent to guest1@example.com will stop working.')).toBeTruthy();
    expect(calls('DELETE', `/api/workspace/invitations/${invitation(1).id}`)).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));

    expect(await screen.findByText('The invitation of guest1@example.com was revoked')).toBeTruthy();
    expect(calls('DELETE', `/api/workspace/invitations/${invitation(1).id}`)).toHaveLength(1);
    const row = within(grid).getByText('guest1@example.com').closest('[role="row"]') as HTMLElement;
    await waitFor(() => expect(within(row).getByText('Revoked')).toBeTruthy());
    expect(within(row).queryByRole('button', { name: /Revoke/ })).toBeNull();
  });
});
