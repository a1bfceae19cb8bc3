import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import type { User } from '#shared/contract/account.ts';

import { jsonResponse, mockFetch, testUser } from '../../../testing/fetch-mock.ts';
import { renderRoutes } from '../../../testing/test-utils.tsx';
import { AccountPrivacy } from './account-privacy.tsx';

const me = { ...testUser, role: 'user', privacy: { email: 'nobody', phone: 'nobody' } } as User;

describe('AccountPrivacy', () => {
  it('shows who sees my email and phone, and saves a change as `privacy`', async () => {
    const { calls } = mockFetch([
      {
        method: 'PATCH',
        path: '/api/account/my-account',
        respond: ({ body }) =>
          jsonResponse({
            user: { ...me, privacy: { ...me.privacy, ...(body as { privacy: object }).privacy } },
          }),
      },
    ]);
    const user = userEvent.setup();
    renderRoutes([{ path: '/', element: <AccountPrivacy user={me} /> }]);

    const email = await screen.findByRole('combobox', { name: 'My email address' });
    expect(email.textContent).toBe('Only me and administrators');
    expect(screen.getByRole('combobox', { name: 'My phone number' }).textContent).toBe(
      'Only me and administrators',
    );
    expect(screen.getByText('Your postal address is shown only to you and administrators.')).toBeTruthy();
    const save = screen.getByRole('button', { name: 'Save changes' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);

    await user.click(email);
    await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'All members' }));
    await user.click(save);

    await waitFor(() => expect(calls('PATCH', '/api/account/my-account')).toHaveLength(1));
    const [, init] = calls('PATCH', '/api/account/my-account')[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({ privacy: { email: 'members', phone: 'nobody' } });
    expect(await screen.findByText('Your privacy settings were saved')).toBeTruthy();
  });
});
