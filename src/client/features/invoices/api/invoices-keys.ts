/** Query keys of the invoices domain (STYLE.md §3: keys start with the domain). */
export const invoicesKeys = {
  all: ['invoices'] as const,
  lists: () => ['invoices', 'list'] as const,
  invoice: (id: string) => ['invoices', 'invoice', id] as const,
  services: ['invoices', 'services'] as const,
  fromAddresses: ['invoices', 'from-addresses'] as const,
  customers: (search: string) => ['invoices', 'customers', search] as const,
};
