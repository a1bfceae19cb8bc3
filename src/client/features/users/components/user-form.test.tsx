import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import { authStore, initialAuthState } from '../../../lib/auth/auth-store.ts';
import { jsonResponse, makeTestUser, mockFetch, testUser } from '../../../testing/fetch-mock.ts';
import { renderRoutes } from '../../../testing/test-utils.tsx';
import { UserCreateView } from '../views/user-create-view.tsx';
import { UserEditView } from '../views/user-edit-view.tsx';

const createdUser = makeTestUser({
  id: '00000000-0000-4000-8000-000000000042',
  email: 'grace@example.com',
  firstName: 'Grace',
  lastName: 'Hopper',
  displayName: 'Grace Hopper',
  role: 'user',
  slug: 'grace-hopper',
  company: 'Navy',
});

/** What POST /api/users accepts (contract/users.ts createUserInput). */
const allowedCreateFields = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'country',
  'state',
  'city',
  'address',
  'zipCode',
  'company',
  'about',
  'socialLinks',
  'role',
  'status',
  'emailVerified',
  'password',
];

function renderCreate() {
  return renderRoutes([
    { path: '/', element: <UserCreateView /> },
    { path: '*', element: <p>elsewhere</p> },
  ]);
}

describe('user form', () => {
  beforeEach(() => {
    authStore.setState({ ...initialAuthState, isInitialized: true, isAuthenticated: true, user: testUser });
  });

  it('shows translated inline errors and sends nothing while the form is invalid', async () => {
    const { fetchMock } = mockFetch([]);
    renderCreate();

    await userEvent.click(await screen.findByRole('button', { name: 'Create user' }));

    expect(await screen.findByText('First name is required')).toBeTruthy();
    expect(screen.getByText('Last name is required')).toBeTruthy();
    expect(screen.getByText('Email is required')).toBeTruthy();

    await userEvent.type(screen.getByLabelText('Email address'), 'not-an-email');
    await userEvent.type(screen.getByLabelText('Phone number'), 'call me');
    await userEvent.type(screen.getByLabelText(/^Password/), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Create user' }));

    expect(await screen.findByText('Enter a valid email address')).toBeTruthy();
    expect(screen.getByText('Enter a valid phone number')).toBeTruthy();
    expect(screen.getByText('Password must be at least 8 characters')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('creates with the allowed fields only, leaving out an empty password', async () => {
    const { calls } = mockFetch([
      { method: 'POST', path: '/api/users', respond: () => jsonResponse({ user: createdUser }, 201) },
    ]);
    const { router } = renderCreate();

    await userEvent.type(await screen.findByLabelText('First name'), 'Grace');
    await userEvent.type(screen.getByLabelText('Last name'), 'Hopper');
    await userEvent.type(screen.getByLabelText('Email address'), 'grace@example.com');
    await userEvent.type(screen.getByLabelText('Company'), 'Navy');
    await userEvent.click(screen.getByRole('button', { name: 'Create user' }));

    await waitFor(() => expect(calls('POST', '/api/users')).toHaveLength(1));
    const body = JSON.parse(String(calls('POST', '/api/users')[0]?.[1]?.body)) as Record<string, unknown>;
    expect(Object.keys(body).filter((key) => !allowedCreateFields.includes(key))).toEqual([]);
    expect(body).not.toHaveProperty('password');
    expect(body).toMatchObject({
      firstName: 'Grace',
      lastName: 'Hopper',
      email: 'grace@example.com',
      company: 'Navy',
      role: 'user',
      status: 'active',
      emailVerified: false,
    });
    expect(await screen.findByText('Grace Hopper was created')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/user/list'));
  });

  it('shows a taken email on the email field', async () => {
    mockFetch([
      {
        method: 'POST',
        path: '/api/users',
        respond: () =>
          jsonResponse({ message: 'An account with this email already exists', code: 'EMAIL_TAKEN' }, 409),
      },
    ]);
    renderCreate();

    await userEvent.type(await screen.findByLabelText('First name'), 'Grace');
    await userEvent.type(screen.getByLabelText('Last name'), 'Hopper');
    await userEvent.type(screen.getByLabelText('Email address'), 'taken@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Create user' }));

    const email = await screen.findByLabelText('Email address');
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getAllByText('An account with this email already exists').length).toBeGreaterThan(0);
  });

  it('edits with a PATCH of the changed fields only, and shows the last-admin refusal', async () => {
    const admin = { ...createdUser, role: 'admin' as const };
    const { calls } = mockFetch([
      { path: `/api/users/grace-hopper`, respond: () => jsonResponse({ user: admin }) },
      {
        method: 'PATCH',
        path: `/api/users/${admin.id}`,
        respond: ({ body }) =>
          (body as { status?: string }).status === 'banned'
            ? jsonResponse(
                { message: 'There must be at least one active administrator', code: 'LAST_ADMIN' },
                409,
              )
            : jsonResponse({ user: { ...admin, ...(body as object) } }),
      },
    ]);
    renderRoutes([
      { path: '/', element: <UserEditView userRef="grace-hopper" /> },
      { path: '*', element: <p>elsewhere</p> },
    ]);

    const company = await screen.findByLabelText('Company');
    expect((company as HTMLInputElement).value).toBe('Navy');

    await userEvent.click(screen.getByRole('switch', { name: 'Banned' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(/last active administrator/)).toBeTruthy();
    expect(JSON.parse(String(calls('PATCH', `/api/users/${admin.id}`)[0]?.[1]?.body))).toEqual({
      status: 'banned',
    });

    await userEvent.click(screen.getByRole('switch', { name: 'Banned' }));
    await userEvent.clear(company);
    await userEvent.type(company, 'Harvard');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(calls('PATCH', `/api/users/${admin.id}`)).toHaveLength(2));
    // The status is back to its loaded value, so only the company is sent.
    expect(JSON.parse(String(calls('PATCH', `/api/users/${admin.id}`)[1]?.[1]?.body))).toEqual({
      company: 'Harvard',
    });
  });

  it('sets a person’s storage quota in GB (sent in bytes); empty gives back the default', async () => {
    const { calls } = mockFetch([
      { path: `/api/users/grace-hopper`, respond: () => jsonResponse({ user: createdUser }) },
      {
        method: 'PATCH',
        path: `/api/users/${createdUser.id}`,
        respond: ({ body }) => jsonResponse({ user: { ...createdUser, ...(body as object) } }),
      },
    ]);
    renderRoutes([
      { path: '/', element: <UserEditView userRef="grace-hopper" /> },
      { path: '*', element: <p>elsewhere</p> },
    ]);
    const quota = (await screen.findByLabelText('Storage quota (GB)')) as HTMLInputElement;
    expect(quota.value).toBe('');
    expect(quota.placeholder).toBe('Workspace default');

    await userEvent.type(quota, 'lots');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Enter a storage quota of 0 or more, up to 1 TB')).toBeTruthy();
    expect(calls('PATCH', `/api/users/${createdUser.id}`)).toHaveLength(0);

    await userEvent.clear(quota);
    await userEvent.type(quota, '2.5');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(calls('PATCH', `/api/users/${createdUser.id}`)).toHaveLength(1));
    expect(JSON.parse(String(calls('PATCH', `/api/users/${createdUser.id}`)[0]?.[1]?.body))).toEqual({
      storageQuotaBytes: 2.5 * 1024 ** 3,
    });
  });

  it('shows the quota set for a person, and clears it back to the default', async () => {
    const custom = { ...createdUser, storageQuotaBytes: 5 * 1024 ** 3 };
    const { calls } = mockFetch([
      { path: `/api/users/grace-hopper`, respond: () => jsonResponse({ user: custom }) },
      {
        method: 'PATCH',
        path: `/api/users/${custom.id}`,
        respond: ({ body }) => jsonResponse({ user: { ...custom, ...(body as object) } }),
      },
    ]);
    renderRoutes([
      { path: '/', element: <UserEditView userRef="grace-hopper" /> },
      { path: '*', element: <p>elsewhere</p> },
    ]);
    const quota = (await screen.findByLabelText('Storage quota (GB)')) as HTMLInputElement;
    expect(quota.value).toBe('5');
    await userEvent.clear(quota);
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(calls('PATCH', `/api/users/${custom.id}`)).toHaveLength(1));
    expect(JSON.parse(String(calls('PATCH', `/api/users/${custom.id}`)[0]?.[1]?.body))).toEqual({
      storageQuotaBytes: null,
    });
  });

  it('says so when the user of the address does not exist', async () => {
    mockFetch([
      { path: '/api/users/nobody', respond: () => jsonResponse({ message: 'User not found' }, 404) },
    ]);
    renderRoutes([{ path: '/', element: <UserEditView userRef="nobody" /> }]);
    expect(await screen.findByRole('heading', { name: 'User not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the user list' })).toBeTruthy();
  });
});
