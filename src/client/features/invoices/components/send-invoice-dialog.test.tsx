import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import type { Invoice } from '#shared/contract/invoices.ts';

import { jsonResponse, mockFetch } from '../../../testing/fetch-mock.ts';
import { renderRoutes } from '../../../testing/test-utils.tsx';
import { SendInvoiceDialog } from './send-invoice-dialog.tsx';

const party = { name: 'Acme', company: '', email: 'pay@acme.test', phoneNumber: '', fullAddress: 'Road 5' };
const invoice = {
  id: '00000000-0000-4000-8000-0000000000e1',
  invoiceNumber: 'INV-1001',
  language: 'en',
  invoiceTo: party,
} as Invoice;

describe('SendInvoiceDialog', () => {
  it("sends to the customer's address on the invoice, shown read-only; the request names no recipient", async () => {
    const { calls } = mockFetch([
      {
        method: 'POST',
        path: `/api/invoices/${invoice.id}/send`,
        respond: () => jsonResponse({ invoice }),
      },
    ]);
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderRoutes([{ path: '/', element: <SendInvoiceDialog invoice={invoice} onClose={onClose} /> }]);

    const to = (await screen.findByRole('textbox', { name: 'Email' })) as HTMLInputElement;
    expect(to.value).toBe('pay@acme.test');
    expect(to.readOnly).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Send' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [, init] = calls('POST', `/api/invoices/${invoice.id}/send`)[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({ lang: 'en' });
  });

  it('says the customer has no address and offers no send', async () => {
    const { fetchMock } = mockFetch([]);
    renderRoutes([
      {
        path: '/',
        element: (
          <SendInvoiceDialog
            invoice={{ ...invoice, invoiceTo: { ...party, email: '' } }}
            onClose={() => {}}
          />
        ),
      },
    ]);
    expect(await screen.findByText(/This customer has no email address/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole('textbox', { name: 'Email' })).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
