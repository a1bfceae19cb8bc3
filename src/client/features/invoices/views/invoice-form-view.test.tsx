import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import type { Invoice, InvoiceInput, UpdateInvoiceInput } from '#shared/contract/invoices.ts';

import { authStore, initialAuthState } from '../../../lib/auth/auth-store.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { jsonResponse, mockFetch, testUser, type MockRoute } from '../../../testing/fetch-mock.ts';
import { renderRoutes } from '../../../testing/test-utils.tsx';
import { invoicesKeys } from '../api/invoices-keys.ts';
import {
  customerId,
  fromAddresses,
  invoiceSettingsRoutes,
  makeInvoice,
  services,
} from '../testing/invoices-fixtures.ts';
import { InvoiceCreateView, InvoiceEditView } from './invoice-form-view.tsx';

const customersRoute: MockRoute = {
  path: '/api/invoices/customers',
  respond: () =>
    jsonResponse({
      customers: [
        {
          id: customerId,
          name: 'Acme',
          company: 'Acme',
          email: 'pay@acme.test',
          phoneNumber: '',
          fullAddress: 'Road 5',
          createdBy: null,
          createdAt: '2026-01-01T00:00:00.000Z',
          updatedAt: '2026-01-01T00:00:00.000Z',
          version: 1,
        },
      ],
      total: 1,
      page: 1,
      pageSize: 20,
      hasNextPage: false,
    }),
};

/** The services and addresses the list page had loaded (an edit form's selects show their names at once). */
function seedSettings() {
  queryClient.setQueryData(invoicesKeys.services, { services });
  queryClient.setQueryData(invoicesKeys.fromAddresses, { addresses: fromAddresses });
}

describe('invoice form views', () => {
  beforeEach(() => {
    authStore.setState({
      ...initialAuthState,
      isInitialized: true,
      isAuthenticated: true,
      user: { ...testUser, role: 'user' },
    });
  });

  it('says what is missing or wrong under each field and sends nothing', async () => {
    const { calls } = mockFetch([customersRoute, ...invoiceSettingsRoutes()]);
    const user = userEvent.setup();
    renderRoutes([{ path: '/', element: <InvoiceCreateView /> }]);
    await screen.findByRole('combobox', { name: 'Send from' });

    await user.click(screen.getByRole('button', { name: 'Save as draft' }));
    expect(await screen.findByText('Unknown customer')).toBeTruthy();
    const firstItem = screen.getByRole('group', { name: 'Items 1' });
    expect(within(firstItem).getByText('Title is required')).toBeTruthy();
    expect(within(firstItem).getByText('Enter an amount from 0 to 1,000,000')).toBeTruthy();

    expect(calls('POST', '/api/invoices')).toHaveLength(0);
  });

  it('sends a new invoice again with the same key after a lost answer, and a new key after a refusal', async () => {
    const keys: string[] = [];
    let answer: 'lost' | 'refused' = 'lost';
    mockFetch([
      customersRoute,
      ...invoiceSettingsRoutes(),
      {
        method: 'POST',
        path: '/api/invoices',
        respond: ({ body }) => {
          keys.push(String((body as InvoiceInput).idempotencyKey));
          if (answer === 'lost') throw new TypeError('Failed to fetch');
          return jsonResponse(
            { message: 'Choose a customer of the address book', code: 'CUSTOMER_UNKNOWN' },
            400,
          );
        },
      },
    ]);
    const user = userEvent.setup();
    renderRoutes([{ path: '/', element: <InvoiceCreateView /> }]);
    await user.click(await screen.findByRole('combobox', { name: 'Customer' }));
    await user.click(await screen.findByRole('option', { name: /Acme/ }));
    const line = screen.getByRole('group', { name: 'Items 1' });
    await user.type(within(line).getByLabelText('Title'), 'Design');
    await user.type(within(line).getByLabelText('Price'), '100');
    const save = screen.getByRole('button', { name: 'Save as draft' });

    await user.click(save);
    await waitFor(() => expect(keys).toHaveLength(1));
    await waitFor(() => expect((save as HTMLButtonElement).disabled).toBe(false));
    await user.click(save);
    await waitFor(() => expect(keys).toHaveLength(2));
    // The first answer never came: the same invoice is asked for again, under the same key.
    expect(keys[1]).toBe(keys[0]);
    expect(keys[0]).toMatch(/^inv-[\w-]{8,}$/);

    answer = 'refused';
    await waitFor(() => expect((save as HTMLButtonElement).disabled).toBe(false));
    await user.click(save);
    await waitFor(() => expect(keys).toHaveLength(3));
    await waitFor(() => expect((save as HTMLButtonElement).disabled).toBe(false));
    await user.click(save);
    await waitFor(() => expect(keys).toHaveLength(4));
    // The server answered (nothing made): what is sent next is a new attempt.
    expect(keys[3]).not.toBe(keys[2]);
  });

  it('refuses a due date before the create date and a discount above the subtotal, sending nothing', async () => {
    const invoice = makeInvoice(5, { status: 'draft' });
    const { calls } = mockFetch([
      { path: `/api/invoices/${invoice.id}`, respond: () => jsonResponse({ invoice }) },
      customersRoute,
      ...invoiceSettingsRoutes(),
    ]);
    seedSettings();
    const user = userEvent.setup();
    renderRoutes([{ path: '/', element: <InvoiceEditView id={invoice.id} /> }]);
    await screen.findByRole('textbox', { name: 'Notes' });

    fireEvent.change(screen.getByLabelText('Date create'), { target: { value: '2026-05-10' } });
    fireEvent.change(screen.getByLabelText('Due date'), { target: { value: '2026-05-01' } });
    // The subtotal is 500.00.
    await user.type(screen.getByLabelText('Discount'), '600');
    await user.click(screen.getByRole('button', { name: 'Update' }));

    expect(await screen.findByText('The due date must not be before the create date')).toBeTruthy();
    expect(screen.getByText('The discount must not be more than the subtotal')).toBeTruthy();
    expect(calls('PUT', `/api/invoices/${invoice.id}`)).toHaveLength(0);
  });

  it('after a stale save shows the invoice as it is now, then saves from its version', async () => {
    const read = makeInvoice(7, { status: 'draft', notes: 'As read', version: 3 });
    const current = makeInvoice(7, { status: 'draft', notes: 'Changed by someone else', version: 4 });
    const bodies: UpdateInvoiceInput[] = [];
    mockFetch([
      { path: `/api/invoices/${read.id}`, respond: () => jsonResponse({ invoice: read }) },
      {
        method: 'PUT',
        path: `/api/invoices/${read.id}`,
        respond: ({ body }) => {
          bodies.push(body as UpdateInvoiceInput);
          return bodies.length === 1
            ? jsonResponse({ message: 'Changed meanwhile', code: 'STALE', current }, 409)
            : jsonResponse({ invoice: { ...current, notes: 'Mine', version: 5 } satisfies Invoice });
        },
      },
      customersRoute,
      ...invoiceSettingsRoutes(),
    ]);
    seedSettings();
    const user = userEvent.setup();
    const { router } = renderRoutes(
      [
        { path: '/invoices/:id/edit', element: <InvoiceEditView id={read.id} /> },
        { path: '*', element: <p>elsewhere</p> },
      ],
      { initialEntries: [`/invoices/${read.id}/edit`] },
    );

    const notes = await screen.findByRole('textbox', { name: 'Notes' });
    expect((notes as HTMLTextAreaElement).value).toBe('As read');
    await user.clear(notes);
    await user.type(notes, 'Mine');
    await user.click(screen.getByRole('button', { name: 'Update' }));

    // Refused: the form shows the invoice as it is now, and says so.
    expect(
      await screen.findByText(
        'Someone changed this invoice meanwhile: here it is as it is now. Make your changes again.',
      ),
    ).toBeTruthy();
    await waitFor(() =>
      expect((screen.getByRole('textbox', { name: 'Notes' }) as HTMLTextAreaElement).value).toBe(
        'Changed by someone else',
      ),
    );
    expect(bodies[0]).toMatchObject({ notes: 'Mine', version: 3 });
    expect(router.state.location.pathname).toBe(`/invoices/${read.id}/edit`);

    // Made again on the fresh invoice: sent from its version, and saved.
    const fresh = screen.getByRole('textbox', { name: 'Notes' });
    await user.clear(fresh);
    await user.type(fresh, 'Mine');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/dashboard/invoice/${read.id}`));
    expect(bodies[1]).toMatchObject({ notes: 'Mine', version: 4 });
  });
});
