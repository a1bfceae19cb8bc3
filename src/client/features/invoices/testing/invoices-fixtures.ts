import type { FromAddress, Invoice, InvoicePage, InvoiceStats, Service } from '#shared/contract/invoices.ts';

import { jsonResponse, testUser, type MockRoute } from '../../../testing/fetch-mock.ts';

/** Fixtures and fake routes of the invoices API for the area's client tests. */

export const customerId = '00000000-0000-4000-8000-0000000000c1';
export const fromId = '00000000-0000-4000-8000-0000000000a1';
export const designId = '00000000-0000-4000-8000-0000000000d1';
export const hostingId = '00000000-0000-4000-8000-0000000000d2';

export const services: Service[] = [
  { id: designId, name: 'Design', price: 50_000 },
  { id: hostingId, name: 'Hosting', price: 2_000 },
] as Service[];

export const fromAddresses: FromAddress[] = [
  {
    id: fromId,
    name: 'Atrium Ltd',
    company: 'Atrium Ltd',
    email: 'billing@atrium.test',
    phoneNumber: '',
    fullAddress: '1 Main Street',
    primary: true,
  },
] as FromAddress[];

const party = {
  name: 'Acme',
  company: 'Acme',
  email: 'pay@acme.test',
  phoneNumber: '',
  fullAddress: 'Road 5',
};

export function makeInvoice(n: number, overrides: Partial<Invoice> = {}): Invoice {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    invoiceNumber: `INV-${1000 + n}`,
    status: 'pending',
    fromAddressId: fromId,
    invoiceFrom: { ...party, name: 'Atrium Ltd', company: 'Atrium Ltd' },
    customerId,
    invoiceTo: party,
    createDate: '2026-03-01',
    dueDate: '2026-03-31',
    items: [
      {
        title: 'Logo',
        description: '',
        serviceId: designId,
        service: 'Design',
        quantity: 1,
        price: 50_000,
        total: 50_000,
      },
    ],
    subtotal: 50_000,
    shipping: 0,
    discount: 0,
    taxes: 0,
    taxAmount: 0,
    totalAmount: 50_000,
    currency: 'USD',
    language: 'en',
    notes: '',
    sent: 0,
    paidAt: null,
    owner: { id: testUser.id, name: testUser.displayName, email: testUser.email, avatarUrl: null },
    createdAt: '2026-03-01T10:00:00.000Z',
    updatedAt: '2026-03-01T10:00:00.000Z',
    version: 1,
    ...overrides,
  };
}

const stat = (count: number) => ({ count, amount: count * 50_000 });
export const stats: InvoiceStats = {
  all: stat(12),
  draft: stat(2),
  pending: stat(4),
  paid: stat(5),
  overdue: stat(1),
};

/** A fake `GET /api/invoices` over `count` invoices, paged as asked (filters are asserted on the URL). */
export function invoicesPageRoute(count = 12): MockRoute {
  const all = Array.from({ length: count }, (_, i) => makeInvoice(i + 1));
  return {
    path: '/api/invoices',
    respond: ({ url }) => {
      const params = new URL(url, 'http://localhost').searchParams;
      const page = Number(params.get('page') ?? 1);
      const pageSize = Number(params.get('pageSize') ?? 10);
      return jsonResponse({
        invoices: all.slice((page - 1) * pageSize, page * pageSize),
        total: all.length,
        page,
        pageSize,
        hasNextPage: page * pageSize < all.length,
        stats,
      } satisfies InvoicePage);
    },
  };
}

/** What the invoice pages ask besides the invoices: the currency, the services and the workspace's addresses. */
export const invoiceSettingsRoutes = (): MockRoute[] => [
  { path: '/api/config', respond: () => jsonResponse({ demo: null, currency: 'USD' }) },
  { path: '/api/invoices/services', respond: () => jsonResponse({ services }) },
  { path: '/api/invoices/from-addresses', respond: () => jsonResponse({ addresses: fromAddresses }) },
];

/** The query of each request made to `path`, oldest first. */
export function queriesOf(calls: (method: string, path: string) => unknown[][], path = '/api/invoices') {
  return calls('GET', path).map(([input]) =>
    Object.fromEntries(new URL(String(input), 'http://localhost').searchParams.entries()),
  );
}
