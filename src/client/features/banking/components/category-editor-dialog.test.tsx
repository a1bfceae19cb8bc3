import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import type { BankCategory } from '#shared/contract/banking.ts';

import { authStore, initialAuthState } from '../../../lib/auth/auth-store.ts';
import { jsonResponse, mockFetch, testUser } from '../../../testing/fetch-mock.ts';
import { renderRoutes } from '../../../testing/test-utils.tsx';
import { categories, groceriesId } from '../testing/banking-fixtures.ts';
import { CategoryEditorDialog } from './category-editor-dialog.tsx';

const marketId = '20000000-0000-4000-8000-000000000003';
const hobbiesId = '20000000-0000-4000-8000-000000000004';
const all: BankCategory[] = [
  ...categories,
  { id: marketId, kind: 'expense', name: 'Market', icon: 'groceries', parentId: groceriesId, key: null },
  { id: hobbiesId, kind: 'expense', name: 'Hobbies', icon: 'sport', parentId: null, key: null },
];

type Sent = { method: string; url: string; body: unknown };

function renderEditor(answer: (sent: Sent) => Response) {
  const sent: Sent[] = [];
  const write = (method: string) => ({
    method,
    respond: ({ url, body }: { url: string; body: unknown }) => {
      const request = { method, url, body };
      sent.push(request);
      return answer(request);
    },
  });
  mockFetch([
    { path: '/api/config', respond: () => jsonResponse({ demo: null, currency: 'USD' }) },
    { path: '/api/banking/categories', respond: () => jsonResponse({ categories: all }) },
    { ...write('POST'), path: '/api/banking/categories' },
    { ...write('PATCH'), path: `/api/banking/categories/${groceriesId}` },
    { ...write('DELETE'), path: `/api/banking/categories/${hobbiesId}` },
  ]);
  renderRoutes([{ path: '/', element: <CategoryEditorDialog open onClose={() => undefined} /> }]);
  return sent;
}

const dialog = () => screen.findByRole('dialog', { name: 'Categories' });

async function choose(field: string, option: string) {
  await userEvent.click(within(await dialog()).getByRole('combobox', { name: field }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

describe('the category editor', () => {
  beforeEach(() => {
    authStore.setState({ ...initialAuthState, isInitialized: true, isAuthenticated: true, user: testUser });
  });

  it('shows each kind’s tree with its icons, and creates a sub-category with an icon', async () => {
    const sent = renderEditor(({ body }) =>
      jsonResponse({ category: { ...(body as object), id: marketId, key: null } }, 201),
    );
    const editor = await dialog();
    const list = await within(editor).findByRole('list', { name: 'Expense' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual(['Groceries', 'Market', 'Hobbies']);
    expect(within(rows[0]!).getByTestId('LocalGroceryStoreOutlinedIcon')).toBeTruthy();
    expect(within(rows[2]!).getByTestId('FitnessCenterOutlinedIcon')).toBeTruthy();
    await userEvent.click(within(editor).getByRole('button', { name: 'Income' }));
    expect(within(within(editor).getByRole('list', { name: 'Income' })).getByText('Salary')).toBeTruthy();
    await userEvent.click(within(editor).getByRole('button', { name: 'Expense' }));

    await userEvent.click(within(editor).getByRole('button', { name: 'New category' }));
    await userEvent.type(within(editor).getByRole('textbox', { name: 'Name' }), 'Bakery');
    await choose('Icon', 'Restaurants');
    await choose('Under', 'Groceries');
    await userEvent.click(within(editor).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      method: 'POST',
      body: { kind: 'expense', name: 'Bakery', icon: 'restaurant', parentId: groceriesId },
    });
    expect(await screen.findByText('Category Bakery added')).toBeTruthy();
    // Back on the list.
    expect(await within(editor).findByRole('list', { name: 'Expense' })).toBeTruthy();
  });

  it('renames a category and changes its icon; one with sub-categories stays at the top level', async () => {
    const sent = renderEditor(() => jsonResponse({ category: all[0] }));
    const editor = await dialog();
    await userEvent.click(await within(editor).findByRole('button', { name: 'Edit Groceries' }));
    const name = within(editor).getByRole('textbox', { name: 'Name' });
    expect((name as HTMLInputElement).value).toBe('Groceries');
    expect(within(editor).getByText('It has sub-categories, so it stays at the top level.')).toBeTruthy();
    await userEvent.clear(name);
    await userEvent.type(name, 'Food');
    await choose('Icon', 'Restaurants');
    await userEvent.click(within(editor).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ method: 'PATCH' });
    expect(sent[0]!.body).toEqual({ name: 'Food', icon: 'restaurant' });
    expect(await screen.findByText('Category saved')).toBeTruthy();
  });

  it('deletes a used category only after choosing where its transactions go', async () => {
    const sent = renderEditor(({ url }) =>
      new URL(url, 'http://localhost').searchParams.get('reassignTo')
        ? jsonResponse({ ok: true })
        : jsonResponse({ message: 'In use', code: 'CATEGORY_IN_USE', used: 4 }, 409),
    );
    const editor = await dialog();
    await userEvent.click(await within(editor).findByRole('button', { name: 'Delete Hobbies' }));
    expect(within(editor).getByText('Delete Hobbies?')).toBeTruthy();
    await userEvent.click(within(editor).getByRole('button', { name: 'Delete' }));
    expect(
      await within(editor).findByText(
        '4 transactions, rules or budgets use it: choose the category they move to.',
      ),
    ).toBeTruthy();
    // Not without a choice; the category itself is not offered.
    await userEvent.click(within(editor).getByRole('button', { name: 'Move and delete' }));
    expect((await within(editor).findByRole('alert')).textContent).toBe('Choose the category to move to.');
    await userEvent.click(within(editor).getByRole('combobox', { name: 'Move to' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Groceries', 'Market']);
    await userEvent.click(screen.getByRole('option', { name: 'Market' }));
    await userEvent.click(within(editor).getByRole('button', { name: 'Move and delete' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(new URL(sent[0]!.url, 'http://localhost').searchParams.get('reassignTo')).toBeNull();
    expect(new URL(sent[1]!.url, 'http://localhost').searchParams.get('reassignTo')).toBe(marketId);
    expect(await screen.findByText('Category Hobbies deleted')).toBeTruthy();
  });
});
