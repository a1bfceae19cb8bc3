import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import { authStore, initialAuthState } from '../../../lib/auth/auth-store.ts';
import { jsonResponse, mockFetch, testUser } from '../../../testing/fetch-mock.ts';
import { renderRoutes } from '../../../testing/test-utils.tsx';
import { invoiceSettingsRoutes, makeInvoice } from '../testing/invoices-fixtures.ts';
import { InvoiceDetailsView } from './invoice-details-view.tsx';

describe('invoice details view', () => {
  beforeEach(() => {
    authStore.setState({
      ...initialAuthState,
      isInitialized: true,
      isAuthenticated: true,
      user: { ...testUser, role: 'user' },
    });
  });

  it('a status change refused as stale shows the invoice as it is now and says so', async () => {
    const read = makeInvoice(9, { status: 'pending', version: 2 });
    const current = makeInvoice(9, { status: 'paid', version: 3 });
    const bodies: unknown[] = [];
    mockFetch([
      { path: `/api/invoices/${read.id}`, respond: () => jsonResponse({ invoice: read }) },
      {
        method: 'POST',
        path: `/api/invoices/${read.id}/status`,
        respond: ({ body }) => {
          bodies.push(body);
          return jsonResponse({ message: 'Changed meanwhile', code: 'STALE', current }, 409);
        },
      },
      ...invoiceSettingsRoutes(),
    ]);
    const user = userEvent.setup();
    renderRoutes([{ path: '/', element: <InvoiceDetailsView id={read.id} /> }]);

    await user.click(await screen.findByRole('button', { name: 'Status: Pending. Change it' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Back to draft' }));

    expect(await screen.findByText(/Someone else changed this while you were editing/)).toBeTruthy();
    expect(bodies).toEqual([{ status: 'draft', version: 2 }]);
    // The invoice as someone else left it: paid, and the menu offers what a paid invoice may become.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Status: Paid. Change it' })).toBeTruthy());
  });
});
