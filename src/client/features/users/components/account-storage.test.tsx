import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import type { StorageUsage } from '#shared/contract/files.ts';

import { jsonResponse, mockFetch } from '../../../testing/fetch-mock.ts';
import { renderRoutes } from '../../../testing/test-utils.tsx';
import { AccountStorage } from './account-storage.tsx';

const GB = 1024 ** 3;

function renderWith(usage: StorageUsage) {
  mockFetch([{ path: '/api/files/usage', respond: () => jsonResponse({ usage }) }]);
  return renderRoutes([{ path: '/', element: <AccountStorage /> }]);
}

describe('account page: storage', () => {
  it('shows what my files take against my quota, as text and a bar', async () => {
    renderWith({ usedBytes: Math.round(1.2 * 1024 * 1024), quotaBytes: GB, isDefault: true });
    expect(await screen.findByText('1.2 MB of 1 GB used')).toBeTruthy();
    const bar = screen.getByRole('progressbar', { name: 'Storage used' });
    expect(bar.getAttribute('aria-valuenow')).toBe('1'); // 0.1 %: a sliver, not an empty bar
    expect(bar.getAttribute('aria-valuetext')).toBe('1.2 MB of 1 GB used');
    expect(screen.getByRole('heading', { name: 'Storage' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says so when the storage is full', async () => {
    renderWith({ usedBytes: 2 * GB, quotaBytes: 2 * GB, isDefault: false });
    expect(await screen.findByText('2 GB of 2 GB used')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Storage used' }).getAttribute('aria-valuenow')).toBe(
      '100',
    );
    expect(screen.getByRole('alert').textContent).toMatch(/storage is full/);
  });
});
