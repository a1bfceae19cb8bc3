import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import type { SignupMode } from '#shared/contract/workspace.ts';

import { authStore, initialAuthState } from '../../../lib/auth/auth-store.ts';
import { fakeToken, jsonResponse, makeTestUser, mockFetch } from '../../../testing/fetch-mock.ts';
import { renderRoutes } from '../../../testing/test-utils.tsx';
import { RegisterView } from './register-view.tsx';

const policy = (signup: SignupMode, firstAccount = false) => ({
  path: '/api/workspace/signup',
  respond: () => jsonResponse({ signup, firstAccount }),
});

function renderRegister(initialEntry = '/auth/register') {
  return renderRoutes(
    [
      { path: '/auth/register', element: <RegisterView /> },
      { path: '*', element: <p>Landed on another page</p> },
    ],
    { initialEntries: [initialEntry] },
  );
}

describe('register view and the sign-up policy', () => {
  beforeEach(() => {
    authStore.setState({ ...initialAuthState, isInitialized: true });
  });

  it('closed: says registration is closed and shows no form', async () => {
    mockFetch([policy('closed')]);
    renderRegister();
    expect(await screen.findByText(/Registration is closed/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create account' })).toBeNull();
  });

  it('invite without a link: says registration is by invitation only', async () => {
    mockFetch([policy('invite')]);
    renderRegister();
    expect(await screen.findByText(/Registration is by invitation only/)).toBeTruthy();
    expect(screen.queryByLabelText('Email address')).toBeNull();
  });

  it('the first account of an empty instance always gets the form', async () => {
    mockFetch([policy('closed', true)]);
    renderRegister();
    expect(await screen.findByRole('button', { name: 'Create account' })).toBeTruthy();
  });

  it('approval: the form says an administrator approves new accounts', async () => {
    mockFetch([policy('approval')]);
    renderRegister();
    expect(await screen.findByText(/An administrator approves new accounts/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create account' })).toBeTruthy();
  });

  it('an invitation link fixes the address and sends the token with the registration', async () => {
    const user = makeTestUser({ email: 'guest@example.com' });
    const { calls } = mockFetch([
      policy('invite'),
      {
        path: '/api/workspace/invitations/preview',
        respond: () =>
          jsonResponse({
            email: 'guest@example.com',
            invitedBy: 'Grace Hopper',
            expiresAt: new Date().toISOString(),
          }),
      },
      {
        method: 'POST',
        path: '/api/account/register',
        respond: () => jsonResponse({ accessToken: fakeToken(600), user }),
      },
    ]);
    renderRegister('/auth/register?invite=tok123');

    expect(await screen.findByText(/Grace Hopper invited you/)).toBeTruthy();
    const email = screen.getByLabelText('Email address') as HTMLInputElement;
    expect(email.value).toBe('guest@example.com');
    expect(email.readOnly).toBe(true);

    await userEvent.type(screen.getByLabelText('First name'), 'Guest');
    await userEvent.type(screen.getByLabelText('Last name'), 'Person');
    await userEvent.type(screen.getByLabelText('Password'), 'a long enough password');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText('Landed on another page')).toBeTruthy();
    const [call] = calls('POST', '/api/account/register');
    const body = JSON.parse(String(call?.[1]?.body)) as Record<string, string>;
    expect(body).toMatchObject({ email: 'guest@example.com', inviteToken: 'tok123' });
  });

  it('an invitation link that was used or revoked says so instead of the form', async () => {
    mockFetch([
      policy('invite'),
      {
        path: '/api/workspace/invitations/preview',
        respond: () => jsonResponse({ message: 'This invitation link is not valid any more' }, 404),
      },
    ]);
    renderRegister('/auth/register?invite=used');
    expect(await screen.findByText(/This invitation link is not valid any more/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create account' })).toBeNull();
  });
});
