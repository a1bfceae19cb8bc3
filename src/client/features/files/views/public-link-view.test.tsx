import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import type { PublicItem, PublicLink } from '#shared/contract/files.ts';

import { jsonResponse, mockFetch } from '../../../testing/fetch-mock.ts';
import { renderRoutes } from '../../../testing/test-utils.tsx';
import { PublicLinkView } from './public-link-view.tsx';

const token = 'tok_abcdefghijklmnopqrstuv';
const base = `/api/files/public/${token}`;

const file: PublicItem = {
  id: '00000000-0000-4000-8000-00000000f001',
  type: 'file',
  kind: 'image',
  name: 'harbour.png',
  mimeType: 'image/png',
  size: 2048,
  url: `${base}/content/00000000-0000-4000-8000-00000000f001?access=ok`,
  downloadUrl: `${base}/content/00000000-0000-4000-8000-00000000f001?access=ok&download=1`,
  updatedAt: '2026-11-20T10:00:00.000Z',
};

const answer = (downloadOnly: boolean): PublicLink => ({
  link: { item: file, ownerName: 'Ada Lovelace', expiresAt: null, downloadOnly },
  items: [],
  breadcrumbs: [],
  total: 0,
  page: 1,
  pageSize: 50,
  hasNextPage: false,
  zipUrl: `${base}/zip?access=ok`,
});

const render = () => renderRoutes([{ path: '/', element: <PublicLinkView token={token} /> }]);

describe('PublicLinkView', () => {
  it('asks for the password, says when it is wrong, then shows the file with its preview', async () => {
    const { calls } = mockFetch([
      {
        path: base,
        respond: ({ url }) =>
          new URL(url, 'http://localhost').searchParams.get('access') === 'granted'
            ? jsonResponse(answer(false))
            : jsonResponse({ message: 'This link needs its password', code: 'LINK_PASSWORD_REQUIRED' }, 401),
      },
      {
        method: 'POST',
        path: `${base}/unlock`,
        respond: ({ body }) =>
          (body as { password: string }).password === 'right'
            ? jsonResponse({ access: 'granted', expiresAt: '2026-11-27T03:00:00.000Z' })
            : jsonResponse({ message: 'Wrong password', code: 'LINK_PASSWORD_WRONG' }, 403),
      },
    ]);
    const user = userEvent.setup();
    render();

    expect(await screen.findByRole('heading', { name: 'This link is protected' })).toBeTruthy();
    const password = screen.getByLabelText('Password');
    await user.click(password);
    await user.paste('wrong');
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(await screen.findByText('Wrong password')).toBeTruthy();

    await user.clear(password);
    await user.paste('right');
    await user.click(screen.getByRole('button', { name: 'Open' }));

    expect(await screen.findByRole('heading', { name: 'harbour.png' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Preview of harbour.png' }).getAttribute('src')).toBe(file.url);
    expect(screen.getByRole('link', { name: 'Download' }).getAttribute('href')).toBe(file.downloadUrl);
    // Signed out: no session token is sent, the password only to the unlock request.
    for (const [, init] of calls('GET', base))
      expect(new Headers(init?.headers).get('authorization')).toBeNull();
  });

  it('hides the preview of a download-only link but offers the download', async () => {
    mockFetch([{ path: base, respond: () => jsonResponse(answer(true)) }]);
    render();

    expect(await screen.findByRole('heading', { name: 'harbour.png' })).toBeTruthy();
    expect(screen.getByText('This file can only be downloaded.')).toBeTruthy();
    expect(screen.queryByRole('img', { name: 'Preview of harbour.png' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Download' }).getAttribute('href')).toBe(file.downloadUrl);
  });

  it('browses a shared folder, each file to download and the whole as a zip', async () => {
    const folder: PublicItem = {
      ...file,
      id: '00000000-0000-4000-8000-00000000d001',
      type: 'folder',
      kind: 'folder',
      name: 'Trip',
      mimeType: null,
      size: 0,
      url: null,
      downloadUrl: null,
    };
    const inner: PublicItem = { ...folder, id: '00000000-0000-4000-8000-00000000d002', name: 'Day 1' };
    mockFetch([
      {
        path: base,
        respond: ({ url }) => {
          const parentId = new URL(url, 'http://localhost').searchParams.get('parentId');
          return jsonResponse({
            ...answer(false),
            link: { ...answer(false).link, item: folder },
            items: parentId ? [file] : [inner],
            breadcrumbs: parentId ? [{ id: inner.id, name: 'Day 1' }] : [],
            total: 1,
          });
        },
      },
    ]);
    const user = userEvent.setup();
    render();

    const contents = await screen.findByRole('list', { name: 'Folder contents' });
    await user.click(within(contents).getByRole('button', { name: /Day 1/ }));
    await waitFor(() => expect(screen.getByRole('link', { name: 'Download harbour.png' })).toBeTruthy());
    expect(screen.getByRole('link', { name: 'Download all as zip' }).getAttribute('href')).toBe(
      `${base}/zip?access=ok`,
    );
    expect(screen.getByRole('navigation', { name: 'Folder path' }).textContent).toContain('Day 1');
  });

  it('says the link is not available when it does not exist', async () => {
    mockFetch([{ path: base, respond: () => jsonResponse({ message: 'Link not found' }, 404) }]);
    render();
    expect(await screen.findByRole('heading', { name: 'This link is not available' })).toBeTruthy();
  });
});
