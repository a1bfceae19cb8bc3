import { beforeAll, describe, expect, it } from 'vitest';

import { invoiceCustomers, invoices } from '../../db/schema/index.ts';
import { TOKYO_RANGE, adminScope, memberScope, statsDb, tokyoFigure } from '../../testing/stats.ts';
import { invoiced, overdueInvoices } from './invoices.stats.ts';

describe('invoices stats', () => {
  const s = statsDb();

  beforeAll(async () => {
    const { db, admin, alice } = s;
    const [customer] = await db.insert(invoiceCustomers).values({ name: 'C', fullAddress: 'x' }).returning();
    const party = { name: 'P', company: '', email: '', phoneNumber: '', fullAddress: 'x' };
    const invoice = (
      ownerId: string,
      status: 'draft' | 'pending' | 'paid',
      createDate: string,
      dueDate: string,
      total: number,
    ) =>
      db.insert(invoices).values({
        ownerId,
        status,
        invoiceFrom: party,
        customerId: customer!.id,
        invoiceTo: party,
        customerSort: 'c',
        createDate,
        dueDate,
        subtotal: total,
        total,
        currency: 'USD',
      });
    await invoice(alice, 'pending', '2024-03-01', '2024-03-09', 1000); // overdue on 10 March
    await invoice(admin, 'pending', '2024-03-05', '2024-03-08', 2500); // overdue
    await invoice(admin, 'pending', '2024-03-10', '2024-03-10', 700); // due today: not overdue
    await invoice(admin, 'paid', '2024-03-11', '2024-03-11', 300);
    await invoice(admin, 'draft', '2024-03-11', '2024-03-12', 9999); // a draft: never invoiced
    await invoice(alice, 'paid', '2024-03-08', '2024-03-09', 50); // the previous period
  });

  it('counts overdue invoices: the workspace for administrators, their own for members', async () => {
    expect(await overdueInvoices(s.db, adminScope(s.admin), '2024-03-10')).toEqual({
      count: 2,
      amount: 3500,
    });
    expect(await overdueInvoices(s.db, memberScope(s.alice), '2024-03-10')).toEqual({
      count: 1,
      amount: 1000,
    });
  });

  it('sums what was invoiced by create day, against the previous period', async () => {
    // An invoice's days carry no zone: Tokyo's 10 and 11 March are the invoices' own.
    expect(await invoiced(s.db, adminScope(s.admin), TOKYO_RANGE)).toEqual(tokyoFigure(1000, 50, [700, 300]));
    expect(await invoiced(s.db, memberScope(s.alice), TOKYO_RANGE)).toEqual(tokyoFigure(0, 50, [0, 0]));
  });
});
