import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import { authStore, initialAuthState } from '../../../lib/auth/auth-store.ts';
import { jsonResponse, mockFetch, testUser, type MockRoute } from '../../../testing/fetch-mock.ts';
import { renderRoutes } from '../../../testing/test-utils.tsx';
import { createUploadQueue, type StartTransfer } from '../api/files-upload.ts';
import { filesRoutes, listPage, makeItem, projects, queriesOf, report } from '../testing/files-fixtures.ts';
import { FilesManagerView } from './files-manager-view.tsx';

const addressOf = (router: { state: { location: { search: string } } }) =>
  Object.fromEntries(new URLSearchParams(router.state.location.search).entries());

const inProjects = makeItem({ name: 'plan.docx', parentId: projects.id });

/** The list: the root holds Projects and report.pdf; Projects holds plan.docx; the trash one old file. */
function answer(query: URLSearchParams) {
  if (query.get('view') === 'trash') {
    return listPage([
      makeItem({ name: 'old.txt', deletedAt: '2026-03-05T10:00:00.000Z', originalPath: '/Archive' }),
    ]);
  }
  if (query.get('parentId') === projects.id) {
    return listPage([inProjects], { folder: projects, breadcrumbs: [] });
  }
  return listPage([projects, report]);
}

function renderPage(address = '/files', routes: MockRoute[] = [], { clashOn }: { clashOn?: string } = {}) {
  const started: { name: string; folderId: string | null; onConflict?: string }[] = [];
  const start: StartTransfer = (file, meta, handlers) => {
    started.push({
      name: file.name,
      folderId: meta.folderId,
      ...(clashOn ? { onConflict: meta.onConflict } : {}),
    });
    // The server refuses a name already in the folder when no choice was made yet.
    if (file.name === clashOn && meta.onConflict === 'fail') {
      queueMicrotask(() => handlers.onError('That name is taken', 'NAME_TAKEN'));
    }
    return { abort: () => {} };
  };
  const queue = createUploadQueue(start, () => {});
  const mock = mockFetch([...routes, ...filesRoutes(answer)]);
  const rendered = renderRoutes([{ path: '/files', element: <FilesManagerView queue={queue} /> }], {
    initialEntries: [address],
  });
  return { ...mock, ...rendered, started, queue };
}

describe('the file manager', () => {
  beforeEach(() => {
    authStore.setState({
      ...initialAuthState,
      isInitialized: true,
      isAuthenticated: true,
      user: { ...testUser, role: 'user' },
    });
  });

  it('asks for the view, folder, filters, sort and page the address names', async () => {
    const { calls } = renderPage(
      `/files?folder=${projects.id}&search=plan&type=pdf,image&startDate=2026-01-01&endDate=2026-03-31&sort=size&order=desc&page=2`,
    );
    expect(await screen.findByRole('button', { name: 'Open plan.docx' })).toBeTruthy();
    expect(queriesOf(calls)[0]).toEqual({
      view: 'mine',
      parentId: projects.id,
      search: 'plan',
      type: 'pdf,image',
      from: '2026-01-01',
      to: '2026-03-31',
      sort: 'size',
      order: 'desc',
      page: '2',
      pageSize: '50',
    });
    // The folder's path: the view, then the folder.
    const path = screen.getByRole('navigation', { name: 'Folder path' });
    expect(within(path).getByRole('button', { name: 'My files' })).toBeTruthy();
    expect(within(path).getByText('Projects').getAttribute('aria-current')).toBe('page');
  });

  it('opens a folder into the address, and goes back up through the path', async () => {
    const { router } = renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Open Projects' }));
    await waitFor(() => expect(addressOf(router)).toEqual({ folder: projects.id }));
    expect(await screen.findByRole('button', { name: 'Open plan.docx' })).toBeTruthy();

    const path = screen.getByRole('navigation', { name: 'Folder path' });
    await userEvent.click(within(path).getByRole('button', { name: 'My files' }));
    await waitFor(() => expect(addressOf(router)).toEqual({}));
  });

  it('switches views from the tabs, leaving the folder', async () => {
    const { router, calls } = renderPage(`/files?folder=${projects.id}`);
    await screen.findByRole('button', { name: 'Open plan.docx' });
    await userEvent.click(screen.getByRole('tab', { name: 'Trash' }));
    await waitFor(() => expect(addressOf(router)).toEqual({ view: 'trash' }));
    expect(await screen.findByText('/Archive')).toBeTruthy();
    expect(queriesOf(calls).at(-1)).toMatchObject({ view: 'trash' });
    expect(screen.getByRole('button', { name: 'Empty trash' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New folder' })).toBeNull();
  });

  it('remembers the table layout, which shows size, type and who it is shared with', async () => {
    renderPage();
    await screen.findByRole('button', { name: 'Open report.pdf' });
    await userEvent.click(screen.getByRole('button', { name: 'Table' }));
    const table = await screen.findByRole('grid', { name: 'Files' });
    const row = within(table).getByRole('row', { name: /report\.pdf/ });
    expect(within(row).getByText('1 MB')).toBeTruthy();
    expect(within(row).getByText('PDF')).toBeTruthy();
    expect(within(row).getByRole('img', { name: 'Shared with 1 person' })).toBeTruthy();
    expect(window.localStorage.getItem('atrium.files.layout')).toBe('table');
  });

  it('creates a folder in the folder shown', async () => {
    let body: unknown;
    renderPage(`/files?folder=${projects.id}`, [
      {
        method: 'POST',
        path: '/api/files/folders',
        respond: (request) => {
          body = request.body;
          return jsonResponse({ item: makeItem({ type: 'folder', kind: 'folder', name: 'Drafts' }) }, 201);
        },
      },
    ]);
    await screen.findByRole('button', { name: 'Open plan.docx' });
    await userEvent.click(screen.getByRole('button', { name: 'New folder' }));
    const dialog = await screen.findByRole('dialog', { name: 'New folder' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Drafts');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(body).toEqual({ parentId: projects.id, name: 'Drafts' }));
    expect(await screen.findByText('Folder Drafts created')).toBeTruthy();
  });

  it('refuses a name with a slash before sending it', async () => {
    renderPage();
    await screen.findByRole('button', { name: 'Open Projects' });
    await userEvent.click(screen.getByRole('button', { name: 'New folder' }));
    const dialog = await screen.findByRole('dialog', { name: 'New folder' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'a/b');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText(/cannot contain/)).toBeTruthy();
  });

  it('moves selected items to the trash after asking', async () => {
    let body: unknown;
    renderPage('/files', [
      {
        method: 'POST',
        path: '/api/files/items/trash',
        respond: (request) => {
          body = request.body;
          return new Response(null, { status: 204 });
        },
      },
    ]);
    await screen.findByRole('button', { name: 'Open report.pdf' });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select report.pdf' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Projects' }));
    const bar = screen.getByRole('region', { name: 'Selected files' });
    expect(within(bar).getByText('2 selected')).toBeTruthy();
    await userEvent.click(within(bar).getByRole('button', { name: 'Move to trash' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move 2 items to the trash?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Move to trash' }));
    await waitFor(() => expect(body).toEqual({ ids: [projects.id, report.id] }));
    expect(await screen.findByText('2 items moved to the trash')).toBeTruthy();
  });

  it('restores from the trash', async () => {
    let body: unknown;
    renderPage('/files?view=trash', [
      {
        method: 'POST',
        path: '/api/files/items/restore',
        respond: (request) => {
          body = request.body;
          return jsonResponse({ items: [] });
        },
      },
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for old.txt' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Restore' }));
    await waitFor(() => expect(body).toMatchObject({ ids: [expect.any(String)] }));
    expect(await screen.findByText('Restored')).toBeTruthy();
  });

  it('uploads files dropped on the page into the folder shown, and those dropped on a folder into it', async () => {
    const { started } = renderPage();
    const card = await screen.findByRole('button', { name: 'Open Projects' });
    const files = [new File(['a'], 'a.txt'), new File(['b'], 'b.txt')];
    const dataTransfer = { files, types: ['Files'], dropEffect: 'none', getData: () => '' };

    fireEvent.dragOver(screen.getByRole('region', { name: 'Files' }), { dataTransfer });
    expect(screen.getByText('Drop files to upload them here')).toBeTruthy();
    fireEvent.drop(screen.getByRole('region', { name: 'Files' }), { dataTransfer });
    expect(started).toEqual([
      { name: 'a.txt', folderId: null },
      { name: 'b.txt', folderId: null },
    ]);

    const folderCard = card.closest('[data-item="Projects"]')!;
    fireEvent.dragOver(folderCard, { dataTransfer });
    fireEvent.drop(folderCard, { dataTransfer: { ...dataTransfer, files: [new File(['c'], 'c.txt')] } });
    expect(started.at(-1)).toEqual({ name: 'c.txt', folderId: projects.id });

    // Each upload is listed with its progress bar.
    const uploads = screen.getByRole('region', { name: 'Uploads' });
    expect(within(uploads).getAllByRole('progressbar')).toHaveLength(3);
    expect(within(uploads).getByRole('progressbar', { name: 'Uploading a.txt' })).toBeTruthy();
  });

  it('moves items dragged onto a folder', async () => {
    let body: unknown;
    renderPage('/files', [
      {
        method: 'POST',
        path: '/api/files/items/move',
        respond: (request) => {
          body = request.body;
          return jsonResponse({ items: [] });
        },
      },
    ]);
    const folderCard = (await screen.findByRole('button', { name: 'Open Projects' })).closest(
      '[data-item="Projects"]',
    )!;
    const dataTransfer = {
      files: [],
      types: ['application/x-atrium-files'],
      dropEffect: 'none',
      getData: () => JSON.stringify([report.id]),
    };
    fireEvent.dragOver(folderCard, { dataTransfer });
    fireEvent.drop(folderCard, { dataTransfer });
    await waitFor(() =>
      expect(body).toEqual({ ids: [report.id], parentId: projects.id, onConflict: 'keepBoth' }),
    );
  });

  it('asks what to do about a name clash, and uploads again as answered', async () => {
    const { started } = renderPage('/files', [], { clashOn: 'report.pdf' });
    const region = await screen.findByRole('region', { name: 'Files' });
    await screen.findByRole('button', { name: 'Open report.pdf' });
    const dataTransfer = {
      files: [new File(['a'], 'report.pdf')],
      types: ['Files'],
      dropEffect: 'none',
      getData: () => '',
    };
    fireEvent.dragOver(region, { dataTransfer });
    fireEvent.drop(region, { dataTransfer });

    const dialog = await screen.findByRole('dialog', { name: 'report.pdf already exists here' });
    expect(within(dialog).getByText('Upload it as report (2).pdf')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Replace' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(started).toEqual([
      { name: 'report.pdf', folderId: null, onConflict: 'fail' },
      { name: 'report.pdf', folderId: null, onConflict: 'replace' },
    ]);
  });
});
