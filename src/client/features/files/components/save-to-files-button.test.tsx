import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import type { FolderNode } from '#shared/contract/files.ts';

import { jsonResponse, mockFetch, type MockRoute } from '../../../testing/fetch-mock.ts';
import { renderRoutes } from '../../../testing/test-utils.tsx';
import { makeItem } from '../testing/files-fixtures.ts';
import { SaveToFilesButton } from './save-to-files-button.tsx';

const attachment = { id: '00000000-0000-4000-8000-00000000e001', name: 'invoice.pdf' };
const projects: FolderNode = {
  id: '00000000-0000-4000-a000-000000000001',
  name: 'Projects',
  parentId: null,
  access: 'owner',
  hasChildren: false,
};

const treeRoute: MockRoute = {
  path: '/api/files/folders/tree',
  respond: () => jsonResponse({ folders: [projects] }),
};

function renderButton() {
  return renderRoutes([
    { path: '/', element: <SaveToFilesButton file={attachment} /> },
    { path: '/dashboard/files-manager', element: <p>The file manager</p> },
  ]);
}

describe('SaveToFilesButton', () => {
  it('saves a copy into the picked folder, says so and opens that folder on request', async () => {
    const saved = makeItem({ name: 'invoice (2).pdf', parentId: projects.id });
    const { calls } = mockFetch([
      treeRoute,
      {
        method: 'POST',
        path: '/api/files/items/save',
        respond: () => jsonResponse({ item: saved, outcome: 'created' }),
      },
    ]);
    const user = userEvent.setup();
    const { router } = renderButton();

    await user.click(screen.getByRole('button', { name: 'Save invoice.pdf to files' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save invoice.pdf to files' });
    await user.click(await within(dialog).findByRole('button', { name: 'Projects' }));
    expect(within(dialog).getByText('To: My files / Projects')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Save here' }));

    await waitFor(() => expect(calls('POST', '/api/files/items/save')).toHaveLength(1));
    expect(JSON.parse(String(calls('POST', '/api/files/items/save')[0]![1]?.body))).toEqual({
      fileId: attachment.id,
      parentId: projects.id,
      onConflict: 'keepBoth',
    });
    // The name the server gave it (a name taken in the folder is numbered).
    expect(await screen.findByText('invoice (2).pdf saved to Files')).toBeTruthy();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Save invoice.pdf to files' })).toBeNull(),
    );

    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByText('The file manager')).toBeTruthy();
    expect(router.state.location.search).toBe(`?folder=${projects.id}`);
  });

  it('saves to the top of My files by default and shows the server’s refusal', async () => {
    const { calls } = mockFetch([
      treeRoute,
      {
        method: 'POST',
        path: '/api/files/items/save',
        respond: () =>
          jsonResponse({ message: 'Not enough storage left', code: 'STORAGE_QUOTA_EXCEEDED' }, 413),
      },
    ]);
    const user = userEvent.setup();
    renderButton();

    await user.click(screen.getByRole('button', { name: 'Save invoice.pdf to files' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save invoice.pdf to files' });
    await within(dialog).findByRole('button', { name: 'Projects' });
    await user.click(within(dialog).getByRole('button', { name: 'Save here' }));

    expect(await screen.findByText('Not enough storage left')).toBeTruthy();
    expect(JSON.parse(String(calls('POST', '/api/files/items/save')[0]![1]?.body))).toMatchObject({
      parentId: null,
    });
    // The dialog stays open to try another place.
    expect(screen.getByRole('dialog', { name: 'Save invoice.pdf to files' })).toBeTruthy();
    expect(screen.queryByText(/saved to Files/)).toBeNull();
  });
});
