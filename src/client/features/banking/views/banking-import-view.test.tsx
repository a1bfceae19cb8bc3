import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import type { ImportPreview } from '#shared/contract/banking.ts';

import { authStore, initialAuthState } from '../../../lib/auth/auth-store.ts';
import { jsonResponse, mockFetch, testUser } from '../../../testing/fetch-mock.ts';
import { renderRoutes } from '../../../testing/test-utils.tsx';
import { bankingBaseRoutes, groceriesId, mainAccountId } from '../testing/banking-fixtures.ts';
import { BankingImportView } from './banking-import-view.tsx';

const csv =
  'Booked;Payee;Value;Memo\n02.03.2026;Fresh Market;-42,50;food\n03.03.2026;ACME Payroll;2500,00;March\n';

const preview: ImportPreview = {
  header: ['Booked', 'Payee', 'Value', 'Memo'],
  rows: [
    {
      line: 2,
      date: '2026-03-02',
      type: 'expense',
      amount: 4_250,
      counterparty: 'Fresh Market',
      note: 'food',
      categoryId: groceriesId,
      duplicate: true,
      error: null,
    },
    {
      line: 3,
      date: '2026-03-03',
      type: 'income',
      amount: 250_000,
      counterparty: 'ACME Payroll',
      note: 'March',
      categoryId: null,
      duplicate: false,
      error: null,
    },
  ],
  toImport: 1,
};

const remembered = {
  date: 0,
  amount: 2,
  debit: null,
  credit: null,
  counterparty: 1,
  note: 3,
  dateFormat: 'DD.MM.YYYY',
  delimiter: ';',
  decimal: ',',
  hasHeader: true,
};

describe('the statement import', () => {
  beforeEach(() => {
    authStore.setState({
      ...initialAuthState,
      isInitialized: true,
      isAuthenticated: true,
      user: { ...testUser },
    });
  });

  it('names the columns from the file, starts from the remembered mapping, and previews with duplicates marked', async () => {
    const previews: unknown[] = [];
    const imports: unknown[] = [];
    mockFetch([
      ...bankingBaseRoutes(),
      { path: '/api/banking/import/mapping', respond: () => jsonResponse({ mapping: remembered }) },
      { path: '/api/banking/rules', respond: () => jsonResponse({ rules: [] }) },
      {
        method: 'POST',
        path: '/api/banking/import/preview',
        respond: ({ body }) => {
          previews.push(body);
          return jsonResponse(preview);
        },
      },
      {
        method: 'POST',
        path: '/api/banking/import',
        respond: ({ body }) => {
          imports.push(body);
          return jsonResponse({ imported: 1, duplicates: 1, failed: 0, account: {} });
        },
      },
    ]);
    renderRoutes([{ path: '/', element: <BankingImportView /> }]);

    const file = new File([csv], 'march.csv', { type: 'text/csv' });
    await userEvent.upload(await screen.findByLabelText('Choose CSV file'), file);
    expect(await screen.findByText('File: march.csv')).toBeTruthy();
    // The remembered mapping, with the file's own header names.
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Payee column' }).textContent).toBe('2. Payee'),
    );
    expect(screen.getByRole('combobox', { name: 'Amount column (signed)' }).textContent).toBe('3. Value');
    expect(screen.getByRole('combobox', { name: 'Delimiter' }).textContent).toBe(';');

    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    const table = await screen.findByRole('table', { name: 'Preview' });
    expect(previews[0]).toEqual({ accountId: mainAccountId, csv, mapping: remembered });
    const rows = within(table).getAllByRole('row');
    expect(within(rows[1]!).getByText('Duplicate')).toBeTruthy();
    expect(within(rows[1]!).getByText('Groceries')).toBeTruthy();
    expect(within(rows[2]!).queryByText('Duplicate')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Import 1 rows' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      '1 imported, 1 duplicates skipped, 0 failed',
    );
    expect(imports).toHaveLength(1);
  });
});
