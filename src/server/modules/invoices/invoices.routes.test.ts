import { randomUUID } from 'node:crypto';

import { and, asc, eq, inArray } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type {
  Customer,
  FromAddress,
  Invoice,
  InvoiceInput,
  InvoicePage,
  Service,
} from '#shared/contract/invoices.ts';

import { invoiceItems, invoices, users } from '../../db/schema/index.ts';
import { apiCalls, type Method } from '../../testing/http.ts';
import { member, type Member } from '../../testing/members.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { invoiceTexts } from './invoice-texts.ts';

let t: TestApp;
let admin: Member;
let alice: Member;
let bob: Member;
let from: FromAddress;
let acme: Customer;
let noEmail: Customer;
let design: Service;
let hosting: Service;

const { call, ok } = apiCalls(() => t.app, '/api/invoices');

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

const body = (over: Partial<InvoiceInput> = {}): InvoiceInput => ({
  fromAddressId: from.id,
  customerId: acme.id,
  createDate: day(-1),
  dueDate: day(29),
  items: [
    {
      title: 'Logo design',
      description: 'Three proposals',
      serviceId: design.id,
      quantity: 3,
      price: 12_345,
    },
    { title: 'Hosting', serviceId: hosting.id, quantity: 2, price: 999 },
  ],
  shipping: 500,
  discount: 1_000,
  taxes: 10,
  notes: 'Thank you',
  ...over,
});

const create = async (who: Member, over: Partial<InvoiceInput> = {}) =>
  (await ok<{ invoice: Invoice }>(who, 'POST', '/', body(over), 201)).invoice;

const rowsOf = (id: string) =>
  Promise.all([
    t.database.db.select().from(invoices).where(eq(invoices.id, id)),
    t.database.db
      .select()
      .from(invoiceItems)
      .where(eq(invoiceItems.invoiceId, id))
      .orderBy(asc(invoiceItems.position)),
  ]);

beforeAll(async () => {
  t = await createTestApp({ rateLimitMax: 1_000_000 });
  admin = await member(t.app, 'Grace', 'Hopper'); // the first account is an admin
  alice = await member(t.app, 'Alice', 'Liddell');
  bob = await member(t.app, 'Bob', 'Marley');
  from = (
    await ok<{ address: FromAddress }>(
      admin,
      'POST',
      '/from-addresses',
      { name: 'Atrium Ltd', company: 'Atrium', email: 'billing@atrium.test', fullAddress: '1 Main St' },
      201,
    )
  ).address;
  design = (
    await ok<{ service: Service }>(admin, 'POST', '/services', { name: 'Design', price: 12_345 }, 201)
  ).service;
  hosting = (await ok<{ service: Service }>(admin, 'POST', '/services', { name: 'Hosting', price: 999 }, 201))
    .service;
  acme = (
    await ok<{ customer: Customer }>(
      alice,
      'POST',
      '/customers',
      { name: 'Acme Corp', email: 'Pay@Acme.test', fullAddress: '5 Road, Springfield' },
      201,
    )
  ).customer;
  noEmail = (
    await ok<{ customer: Customer }>(
      alice,
      'POST',
      '/customers',
      { name: 'Zed Nomail', fullAddress: 'Nowhere' },
      201,
    )
  ).customer;
});
afterAll(async () => {
  await t?.close();
});

describe('invoices: figures and numbers', () => {
  it('computes every line total, the subtotal, the taxes and the total itself', async () => {
    const invoice = await create(alice);
    expect(invoice.items.map((i) => i.total)).toEqual([37_035, 1_998]);
    expect(invoice).toMatchObject({
      subtotal: 39_033,
      shipping: 500,
      discount: 1_000,
      taxes: 10,
      // (39,033 − 1,000) × 10 % = 3,803.3 → 3,803
      taxAmount: 3_803,
      totalAmount: 39_033 - 1_000 + 500 + 3_803,
      status: 'draft',
      sent: 0,
      version: 1,
      currency: 'USD',
      invoiceTo: { name: 'Acme Corp', email: 'pay@acme.test' },
      invoiceFrom: { name: 'Atrium Ltd' },
      owner: { id: alice.id },
    });
    expect(invoice.invoiceNumber).toMatch(/^INV-\d+$/);
    expect(invoice.items[0]).toMatchObject({ service: 'Design', serviceId: design.id });
    const [[row], items] = await rowsOf(invoice.id);
    expect(row).toMatchObject({ subtotal: 39_033, total: 42_336, taxAmount: 3_803 });
    expect(items.map((i) => i.total)).toEqual([37_035, 1_998]);
  });

  it('refuses figures a client sends (a total, a line total, a subtotal), and stores nothing', async () => {
    const before = await t.database.db.$count(invoices);
    for (const extra of [
      { totalAmount: 1 },
      { subtotal: 1 },
      { taxAmount: 0 },
      { items: [{ title: 'X', quantity: 1, price: 100, total: 1 }] },
    ]) {
      const res = await call(alice, 'POST', '/', { ...body(), ...extra });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(res.json<{ message: string }>().message).toBeTruthy();
    }
    expect(await t.database.db.$count(invoices)).toBe(before);
  });

  it('gives 100 invoices created at once 100 different numbers', async () => {
    const results = await Promise.all(
      Array.from({ length: 100 }, () =>
        call(alice, 'POST', '/', body({ items: [{ title: 'A', quantity: 1, price: 1 }], discount: 0 })),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array.from({ length: 100 }, () => 201));
    const numbers = results.map((r) => r.json<{ invoice: Invoice }>().invoice.invoiceNumber);
    expect(new Set(numbers).size).toBe(100);
    await ok(alice, 'POST', '/bulk-delete', {
      ids: results.map((r) => r.json<{ invoice: Invoice }>().invoice.id),
    });
  });

  it('makes one invoice per idempotency key: a retry, or 10 sent at once, answer the first (200)', async () => {
    const count = async () =>
      (await t.database.db.select({ id: invoices.id }).from(invoices).where(eq(invoices.ownerId, alice.id)))
        .length;
    const before = await count();
    const first = await create(alice, { idempotencyKey: 'inv-retry-0001' });
    const again = await ok<{ invoice: Invoice }>(
      alice,
      'POST',
      '/',
      body({ idempotencyKey: 'inv-retry-0001' }),
      200,
    );
    expect(again.invoice.id).toBe(first.id);
    expect(again.invoice.invoiceNumber).toBe(first.invoiceNumber);

    const racing = await Promise.all(
      Array.from({ length: 10 }, () => call(alice, 'POST', '/', body({ idempotencyKey: 'inv-race-0001' }))),
    );
    const ids = new Set(racing.map((r) => r.json<{ invoice: Invoice }>().invoice.id));
    expect(ids.size).toBe(1);
    expect(racing.map((r) => r.statusCode).sort()).toEqual([...Array.from({ length: 9 }, () => 200), 201]);
    expect(await count()).toBe(before + 2);

    // Keys are each person's own: Bob's same key makes Bob's invoice; no key makes a new one each time.
    const bobs = await create(bob, { idempotencyKey: 'inv-retry-0001' });
    expect(bobs.id).not.toBe(first.id);
    const plain = [await create(alice), await create(alice)];
    expect(await count()).toBe(before + 4);
    expect((await call(alice, 'POST', '/', body({ idempotencyKey: 'no spaces' }))).statusCode).toBe(400);
    await ok(alice, 'POST', '/bulk-delete', { ids: [first.id, ...ids, ...plain.map((i) => i.id)] });
    await ok(bob, 'POST', '/bulk-delete', { ids: [bobs.id] });
  });

  it('answers bad input with 400 and a message', async () => {
    const cases: Array<[object, string]> = [
      [body({ dueDate: day(-5) }), 'The due date must not be before the create date'],
      [body({ items: [], discount: 0 }), 'Add at least one item to the invoice'],
      [
        body({ items: [{ title: 'A', quantity: 0, price: 1 }], discount: 0 }),
        'Enter a quantity from 1 to 100,000',
      ],
      [
        body({ items: [{ title: 'A', quantity: 1, price: -1 }], discount: 0 }),
        'Enter an amount from 0 to 1,000,000',
      ],
      [body({ discount: 50_000_000 }), 'The discount must not be more than the subtotal'],
      [body({ taxes: 12.345 }), 'Taxes are a percentage from 0 to 100, with at most two decimals'],
      [body({ createDate: '2026-02-30' }), 'Enter a valid date and time'],
      [body({ language: 'de' as never }), 'Language must be en, fr, vi, cn or ar'],
    ];
    for (const [payload, message] of cases) {
      const res = await call(alice, 'POST', '/', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json<{ message: string }>().message).toContain(message);
    }
    const unknown = await call(alice, 'POST', '/', body({ customerId: randomUUID() }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'CUSTOMER_UNKNOWN' });
    const service = await call(
      alice,
      'POST',
      '/',
      body({ items: [{ title: 'A', serviceId: randomUUID(), quantity: 1, price: 1 }], discount: 0 }),
    );
    expect(service.json()).toMatchObject({ code: 'SERVICE_UNKNOWN' });
    expect((await call(alice, 'GET', '/?status=late')).statusCode).toBe(400);
    expect((await call(alice, 'GET', '/?startDate=2026-03-01&endDate=2026-02-01')).statusCode).toBe(400);
    expect((await call(alice, 'GET', '/not-an-id')).statusCode).toBe(400);
  });
});

describe('invoices: status', () => {
  it('derives overdue from an unpaid, sent invoice past its due date; marks paid and unpaid', async () => {
    const late = await create(alice, { createDate: day(-40), dueDate: day(-10), status: 'pending' });
    expect(late.status).toBe('overdue');
    const dueToday = await create(alice, { createDate: day(-40), dueDate: day(0), status: 'pending' });
    expect(dueToday.status).toBe('pending');
    const lateDraft = await create(alice, { createDate: day(-40), dueDate: day(-10) });
    expect(lateDraft.status).toBe('draft');

    const page = await ok<InvoicePage>(alice, 'GET', '/?status=overdue&pageSize=100');
    expect(page.invoices.map((i) => i.id)).toContain(late.id);
    expect(page.invoices.every((i) => i.status === 'overdue')).toBe(true);
    expect(page.stats.overdue.count).toBe(page.total);
    const pending = await ok<InvoicePage>(alice, 'GET', '/?status=pending&pageSize=100');
    expect(pending.invoices.map((i) => i.id)).toContain(dueToday.id);
    expect(pending.invoices.map((i) => i.id)).not.toContain(late.id);

    const paid = await ok<{ invoice: Invoice }>(alice, 'POST', `/${late.id}/status`, {
      status: 'paid',
      version: 1,
    });
    expect(paid.invoice).toMatchObject({ status: 'paid', version: 2 });
    expect(paid.invoice.paidAt).not.toBeNull();
    const unpaid = await ok<{ invoice: Invoice }>(alice, 'POST', `/${late.id}/status`, { status: 'pending' });
    expect(unpaid.invoice).toMatchObject({ status: 'overdue', paidAt: null, version: 3 });
    const staleMark = await call(alice, 'POST', `/${late.id}/status`, { status: 'paid', version: 1 });
    expect(staleMark.statusCode).toBe(409);
  });

  it('sends an invoice by mail with its PDF attached: a draft becomes pending and the sending is counted', async () => {
    const invoice = await create(alice, { language: 'fr' });
    const mailsBefore = t.mails.length;
    const sent = await ok<{ invoice: Invoice }>(alice, 'POST', `/${invoice.id}/send`, {});
    expect(sent.invoice).toMatchObject({ status: 'pending', sent: 1 });
    const again = await ok<{ invoice: Invoice }>(alice, 'POST', `/${invoice.id}/send`, { lang: 'en' });
    expect(again.invoice).toMatchObject({ status: 'pending', sent: 2 });
    const mails = t.mails.slice(mailsBefore);
    expect(mails.map((m) => m.to)).toEqual(['pay@acme.test', 'pay@acme.test']);
    expect(mails[0]?.subject).toBe(`Facture ${invoice.invoiceNumber} de Atrium`);
    expect(mails[1]?.subject).toBe(`Invoice ${invoice.invoiceNumber} from Atrium`);
    // The PDF goes with it, in the mail's language.
    const [attachment] = mails[0]?.attachments ?? [];
    expect(attachment).toMatchObject({
      filename: `${invoice.invoiceNumber}.pdf`,
      contentType: 'application/pdf',
    });
    expect(attachment!.content.subarray(0, 5).toString()).toBe('%PDF-');
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(attachment!.content)), {
      mergePages: true,
    });
    expect(text).toContain(invoice.invoiceNumber);
    expect(text).toContain(invoiceTexts.fr.thanks);

    const other = await create(alice, { customerId: noEmail.id });
    const refused = await call(alice, 'POST', `/${other.id}/send`, {});
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'NO_EMAIL' });
  });

  it("sends only to the invoice's customer address: a recipient named in the request is refused, nothing sent", async () => {
    const invoice = await create(alice);
    const other = await create(alice, { customerId: noEmail.id });
    const mailsBefore = t.mails.length;
    for (const target of [invoice, other]) {
      const elsewhere = await call(alice, 'POST', `/${target.id}/send`, { email: 'thief@evil.test' });
      expect(elsewhere.statusCode, elsewhere.body).toBe(400);
      expect(elsewhere.json<{ message: string }>().message).toEqual(expect.any(String));
    }
    expect(t.mails.length).toBe(mailsBefore);
    const [[row]] = await rowsOf(invoice.id);
    expect(row).toMatchObject({ sent: 0, status: 'draft' });
    // An administrator sending someone's invoice sends it to that customer too.
    await ok<{ invoice: Invoice }>(admin, 'POST', `/${invoice.id}/send`, {});
    expect(t.mails.slice(mailsBefore).map((m) => m.to)).toEqual(['pay@acme.test']);
  });

  it('needs a verified sender (ADR 034): an unverified one is told why and nothing is sent', async () => {
    const una = await member(t.app, 'Una', 'Verified');
    const invoice = await create(una);
    await t.database.db.update(users).set({ emailVerified: false }).where(eq(users.id, una.id));
    const mailsBefore = t.mails.length;
    const refused = await call(una, 'POST', `/${invoice.id}/send`, {});
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'EMAIL_UNVERIFIED' });
    expect(refused.json<{ message: string }>().message).toMatch(/Verify your email address to mail invoices/);
    expect(t.mails.length).toBe(mailsBefore);
    const [[row]] = await rowsOf(invoice.id);
    expect(row).toMatchObject({ sent: 0, status: 'draft' });
  });
});

describe('invoices: edits', () => {
  it('edits from the version read (409 STALE with the current invoice), and recomputes the figures', async () => {
    const invoice = await create(alice);
    const edited = await ok<{ invoice: Invoice }>(alice, 'PUT', `/${invoice.id}`, {
      ...body({
        items: [{ title: 'Only line', quantity: 4, price: 250 }],
        discount: 0,
        shipping: 0,
        taxes: 0,
      }),
      version: 1,
    });
    expect(edited.invoice).toMatchObject({ subtotal: 1_000, totalAmount: 1_000, version: 2 });
    expect(edited.invoice.items).toHaveLength(1);
    expect(edited.invoice.invoiceNumber).toBe(invoice.invoiceNumber);
    const stale = await call(alice, 'PUT', `/${invoice.id}`, { ...body(), version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      code: 'STALE',
      current: { id: invoice.id, version: 2, subtotal: 1_000 },
    });
    const [[row]] = await rowsOf(invoice.id);
    expect(row?.subtotal).toBe(1_000);
  });

  it('refuses an edit without a version (400), and lets one of 30 concurrent edits of a version win', async () => {
    const invoice = await create(alice);
    const [[before]] = await rowsOf(invoice.id);
    const blind = await call(alice, 'PUT', `/${invoice.id}`, body({ notes: 'Blind' }));
    expect(blind.statusCode).toBe(400);
    expect(blind.json()).toMatchObject({ message: expect.any(String) });
    const [[unchanged]] = await rowsOf(invoice.id);
    expect(unchanged).toEqual(before);

    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        call(alice, 'PUT', `/${invoice.id}`, { ...body({ notes: `Edit ${i}` }), version: invoice.version }),
      ),
    );
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(29);
    const [[after]] = await rowsOf(invoice.id);
    expect(after?.version).toBe(invoice.version + 1);
  });

  it('duplicates an invoice as a new draft with a new number', async () => {
    const original = await create(alice, { status: 'pending' });
    const copy = (await ok<{ invoice: Invoice }>(alice, 'POST', `/${original.id}/duplicate`, undefined, 201))
      .invoice;
    expect(copy.id).not.toBe(original.id);
    expect(copy.invoiceNumber).not.toBe(original.invoiceNumber);
    expect(copy).toMatchObject({
      status: 'draft',
      sent: 0,
      totalAmount: original.totalAmount,
      createDate: day(0),
    });
    expect(copy.items).toEqual(original.items);
  });

  it('deletes one invoice, and several at once', async () => {
    const [a, b, c] = [await create(alice), await create(alice), await create(alice)];
    expect((await call(alice, 'DELETE', `/${a.id}`)).statusCode).toBe(204);
    expect((await call(alice, 'GET', `/${a.id}`)).statusCode).toBe(404);
    const bulk = await ok<{ deleted: number }>(alice, 'POST', '/bulk-delete', { ids: [a.id, b.id, c.id] });
    expect(bulk.deleted).toBe(2);
  });
});

describe('invoices: who may do what', () => {
  it('answers 401 signed out', async () => {
    expect((await call(null, 'GET', '/')).statusCode).toBe(401);
    expect((await call(null, 'GET', `/${randomUUID()}/pdf`)).statusCode).toBe(401);
    expect((await call(null, 'GET', '/services')).statusCode).toBe(401);
  });

  it("keeps each person's invoices their own (404 to anyone else); administrators manage all", async () => {
    const invoice = await create(alice);
    const [[before]] = await rowsOf(invoice.id);
    for (const [method, url, payload] of [
      ['GET', `/${invoice.id}`],
      ['GET', `/${invoice.id}/pdf`],
      ['PUT', `/${invoice.id}`, { ...body(), version: 1 }],
      ['DELETE', `/${invoice.id}`],
      ['POST', `/${invoice.id}/send`, {}],
      ['POST', `/${invoice.id}/status`, { status: 'paid' }],
      ['POST', `/${invoice.id}/duplicate`],
    ] as Array<[Method, string, object?]>) {
      const res = await call(bob, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await ok<{ deleted: number }>(bob, 'POST', '/bulk-delete', { ids: [invoice.id] })).deleted).toBe(
      0,
    );
    const [[after]] = await rowsOf(invoice.id);
    expect(after).toEqual(before);
    const bobs = await ok<InvoicePage>(bob, 'GET', '/?pageSize=100');
    expect(bobs.invoices.map((i) => i.id)).not.toContain(invoice.id);
    expect(bobs.stats.all.count).toBe(0);

    expect((await ok<{ invoice: Invoice }>(admin, 'GET', `/${invoice.id}`)).invoice.id).toBe(invoice.id);
    const edited = await ok<{ invoice: Invoice }>(admin, 'PUT', `/${invoice.id}`, {
      ...body({ notes: 'By admin' }),
      version: 1,
    });
    expect(edited.invoice).toMatchObject({ notes: 'By admin', owner: { id: alice.id } });
    const all = await ok<InvoicePage>(admin, 'GET', `/?search=${invoice.invoiceNumber}`);
    expect(all.invoices.map((i) => i.id)).toEqual([invoice.id]);
  });

  it('lets administrators manage services and addresses; everyone reads them', async () => {
    expect((await call(alice, 'POST', '/services', { name: 'Hack', price: 1 })).statusCode).toBe(403);
    expect((await call(alice, 'PATCH', `/services/${design.id}`, { price: 1 })).statusCode).toBe(403);
    expect((await call(alice, 'POST', '/from-addresses', { name: 'X', fullAddress: 'Y' })).statusCode).toBe(
      403,
    );
    const services = await ok<{ services: Service[] }>(alice, 'GET', '/services');
    expect(services.services.map((s) => s.name)).toEqual(['Design', 'Hosting']);
    const addresses = await ok<{ addresses: FromAddress[] }>(bob, 'GET', '/from-addresses');
    expect(addresses.addresses).toEqual([expect.objectContaining({ id: from.id, primary: true })]);
    const taken = await call(admin, 'POST', '/services', { name: 'design', price: 5 });
    expect(taken.statusCode).toBe(409);
    const temp = (await ok<{ service: Service }>(admin, 'POST', '/services', { name: 'Temp', price: 5 }, 201))
      .service;
    expect(
      (await ok<{ service: Service }>(admin, 'PATCH', `/services/${temp.id}`, { price: 7 })).service.price,
    ).toBe(7);
    expect((await call(admin, 'DELETE', `/services/${temp.id}`)).statusCode).toBe(204);
  });

  it('keeps the workspace addresses for administrators: anyone else’s write is 403 and changes nothing', async () => {
    const before = await ok<{ addresses: FromAddress[] }>(alice, 'GET', '/from-addresses');
    for (const [method, url, payload] of [
      ['POST', '/from-addresses', { name: 'Mallory', fullAddress: 'Elsewhere', primary: true }],
      ['PATCH', `/from-addresses/${from.id}`, { email: 'mallory@evil.test' }],
      ['DELETE', `/from-addresses/${from.id}`],
    ] as Array<[Method, string, object?]>) {
      const res = await call(bob, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    expect(await ok<{ addresses: FromAddress[] }>(alice, 'GET', '/from-addresses')).toEqual(before);
  });

  it('shares the address book for reading; only its creator or an administrator changes a customer (403, unchanged)', async () => {
    const mine = (
      await ok<{ customer: Customer }>(bob, 'POST', '/customers', { name: 'Bobco', fullAddress: 'Here' }, 201)
    ).customer;
    expect(mine.createdBy).toBe(bob.id);
    // Alice reads it and may invoice it, but may not redirect it or delete it.
    expect((await ok<{ customer: Customer }>(alice, 'GET', `/customers/${mine.id}`)).customer).toEqual(mine);
    const hijack = await call(alice, 'PATCH', `/customers/${mine.id}`, {
      email: 'alice@evil.test',
      version: 1,
    });
    expect(hijack.statusCode).toBe(403);
    expect(hijack.json<{ message: string }>().message).toEqual(expect.any(String));
    expect((await call(alice, 'DELETE', `/customers/${mine.id}`)).statusCode).toBe(403);
    expect((await ok<{ customer: Customer }>(bob, 'GET', `/customers/${mine.id}`)).customer).toEqual(mine);
    // The creator edits it (version-checked).
    const edited = await ok<{ customer: Customer }>(bob, 'PATCH', `/customers/${mine.id}`, {
      company: 'Bobco Ltd',
      version: 1,
    });
    expect(edited.customer).toMatchObject({ company: 'Bobco Ltd', version: 2 });
    const stale = await call(bob, 'PATCH', `/customers/${mine.id}`, { name: 'X', version: 1 });
    expect(stale.statusCode).toBe(409);
    // An administrator edits anyone's.
    const byAdmin = await ok<{ customer: Customer }>(admin, 'PATCH', `/customers/${mine.id}`, {
      email: 'billing@bobco.test',
      version: 2,
    });
    expect(byAdmin.customer).toMatchObject({ email: 'billing@bobco.test', version: 3, createdBy: bob.id });
    const found = await ok<{ customers: Customer[] }>(alice, 'GET', '/customers?search=bobco');
    expect(found.customers.map((c) => c.id)).toEqual([mine.id]);
    // A customer with invoices stays, whoever asks.
    const inUse = await call(alice, 'DELETE', `/customers/${acme.id}`);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json()).toMatchObject({ code: 'CUSTOMER_IN_USE' });
    expect((await call(admin, 'DELETE', `/customers/${acme.id}`)).statusCode).toBe(409);
    // The creator deletes their own; an unknown id is 404.
    expect((await call(bob, 'DELETE', `/customers/${mine.id}`)).statusCode).toBe(204);
    expect((await call(bob, 'DELETE', `/customers/${mine.id}`)).statusCode).toBe(404);
    const temp = (
      await ok<{ customer: Customer }>(alice, 'POST', '/customers', { name: 'Temp', fullAddress: 'T' }, 201)
    ).customer;
    expect((await call(admin, 'DELETE', `/customers/${temp.id}`)).statusCode).toBe(204);
  });
});

describe('invoices: the list', () => {
  it('filters by service, dates and search; sorts; pages; counts and sums each tab', async () => {
    const carol = await member(t.app, 'Carol', 'Danvers');
    const other = (
      await ok<{ customer: Customer }>(
        carol,
        'POST',
        '/customers',
        { name: 'Umbrella Inc', fullAddress: 'Raccoon City' },
        201,
      )
    ).customer;
    const a = await create(carol, {
      createDate: '2026-01-10',
      dueDate: '2026-01-20',
      status: 'pending',
      items: [{ title: 'D', serviceId: design.id, quantity: 1, price: 10_000 }],
      discount: 0,
      shipping: 0,
      taxes: 0,
    });
    const b = await create(carol, {
      createDate: '2026-02-10',
      dueDate: '2099-01-01',
      status: 'pending',
      customerId: other.id,
      items: [{ title: 'H', serviceId: hosting.id, quantity: 1, price: 2_000 }],
      discount: 0,
      shipping: 0,
      taxes: 0,
    });
    const c = await create(carol, {
      createDate: '2026-03-10',
      dueDate: '2026-03-20',
      items: [{ title: 'H', serviceId: hosting.id, quantity: 3, price: 1_000 }],
      discount: 0,
      shipping: 0,
      taxes: 0,
    });
    await ok(carol, 'POST', `/${c.id}/status`, { status: 'paid' });

    const all = await ok<InvoicePage>(carol, 'GET', '/');
    expect(all.invoices.map((i) => i.id)).toEqual([c.id, b.id, a.id]);
    expect(all.stats).toEqual({
      all: { count: 3, amount: 15_000 },
      draft: { count: 0, amount: 0 },
      pending: { count: 1, amount: 2_000 },
      paid: { count: 1, amount: 3_000 },
      overdue: { count: 1, amount: 10_000 },
    });
    const hostingOnly = await ok<InvoicePage>(carol, 'GET', `/?service=${hosting.id}`);
    expect(hostingOnly.invoices.map((i) => i.id)).toEqual([c.id, b.id]);
    expect(hostingOnly.stats.all).toEqual({ count: 2, amount: 5_000 });
    const both = await ok<InvoicePage>(
      carol,
      'GET',
      `/?service=${hosting.id},${design.id}&sort=total&order=asc`,
    );
    expect(both.invoices.map((i) => i.id)).toEqual([b.id, c.id, a.id]);
    const feb = await ok<InvoicePage>(carol, 'GET', '/?startDate=2026-02-01&endDate=2026-03-10');
    expect(feb.invoices.map((i) => i.id)).toEqual([c.id, b.id]);
    const umbrella = await ok<InvoicePage>(carol, 'GET', '/?search=umbrel');
    expect(umbrella.invoices.map((i) => i.id)).toEqual([b.id]);
    const byNumber = await ok<InvoicePage>(carol, 'GET', `/?search=${a.invoiceNumber.toLowerCase()}`);
    expect(byNumber.invoices.map((i) => i.id)).toEqual([a.id]);
    const page2 = await ok<InvoicePage>(carol, 'GET', '/?pageSize=2&page=2&sort=createDate&order=asc');
    expect(page2).toMatchObject({ total: 3, page: 2, pageSize: 2, hasNextPage: false });
    expect(page2.invoices.map((i) => i.id)).toEqual([c.id]);
    const paidTab = await ok<InvoicePage>(carol, 'GET', '/?status=paid');
    expect(paidTab).toMatchObject({ total: 1 });
    for (const sort of ['dueDate', 'number', 'customer', 'sent', 'status']) {
      expect((await call(carol, 'GET', `/?sort=${sort}`)).statusCode).toBe(200);
    }
  });
});

describe('invoices: the PDF', () => {
  it('writes the invoice in each of the five languages (Vietnamese, Chinese, Arabic included)', async () => {
    const customer = (
      await ok<{ customer: Customer }>(
        alice,
        'POST',
        '/customers',
        {
          name: 'محمد العلي',
          company: 'Công ty Ánh Dương',
          fullAddress: '北京市朝阳区 12',
          email: 'm@x.test',
        },
        201,
      )
    ).customer;
    const invoice = await create(alice, {
      customerId: customer.id,
      items: [{ title: 'Thiết kế logo', description: '设计 تصميم الشعار الجديد', quantity: 2, price: 5_000 }],
      discount: 0,
    });
    const expected: Record<string, string[]> = {
      en: ['Invoice', 'Due date', 'Subtotal', '$100.00'],
      fr: ['Facture', 'Date d’échéance', 'Sous-total', 'Remarques'],
      vi: ['Hóa đơn', 'Ngày đến hạn', 'Tạm tính', 'Phí vận chuyển', 'Thiết kế logo', 'Công ty Ánh Dương'],
      cn: ['发票', '到期日期', '小计', '总计', '北京市朝阳区', '设计'],
      // Right to left: the words of a line come out in visual order (the name's first word rightmost).
      ar: ['فاتورة', 'الوصف', 'الكمية', 'المبلغ', 'الخصم', 'تصميم', 'الجديد', 'العلي محمد'],
    };
    for (const lang of ['en', 'fr', 'vi', 'cn', 'ar']) {
      const res = await call(alice, 'GET', `/${invoice.id}/pdf?lang=${lang}`);
      expect(res.statusCode, lang).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="${invoice.invoiceNumber}.pdf"`);
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      const { text } = await extractText(await getDocumentProxy(new Uint8Array(res.rawPayload)), {
        mergePages: true,
      });
      for (const words of [...expected[lang]!, invoice.invoiceNumber]) expect(text, lang).toContain(words);
      if (lang !== 'ar') expect(text, lang).toContain(invoiceTexts[lang as 'en'].thanks);
    }
  });
});

describe("invoices: the tabs' figures", () => {
  it('keeps the counts and amounts of every tab equal to the invoices after any write', async () => {
    // A mix of writes: created, edited (figures and days), sent, paid, unpaid, duplicated, deleted.
    const a = await create(bob, { status: 'pending', createDate: day(-60), dueDate: day(-30) });
    await ok(bob, 'PUT', `/${a.id}`, {
      ...body({
        createDate: day(-50),
        dueDate: day(-5),
        shipping: 0,
        items: [{ title: 'Hosting only', serviceId: hosting.id, quantity: 5, price: 999 }],
        discount: 0,
      }),
      version: 1,
    });
    const b = await create(bob);
    await ok(bob, 'POST', `/${b.id}/send`, {});
    await ok(bob, 'POST', `/${b.id}/status`, { status: 'paid' });
    await ok(bob, 'POST', `/${b.id}/status`, { status: 'pending' });
    await ok(bob, 'POST', `/${b.id}/status`, { status: 'paid' });
    const c = (await ok<{ invoice: Invoice }>(bob, 'POST', `/${a.id}/duplicate`, undefined, 201)).invoice;
    await ok(bob, 'POST', '/bulk-delete', { ids: [c.id] });

    const today = day(0);
    const scan = async (ownerId?: string, serviceId?: string) => {
      const rows = await t.database.db
        .select({ status: invoices.status, dueDate: invoices.dueDate, total: invoices.total })
        .from(invoices)
        .where(
          and(
            ownerId ? eq(invoices.ownerId, ownerId) : undefined,
            serviceId
              ? inArray(
                  invoices.id,
                  t.database.db
                    .select({ id: invoiceItems.invoiceId })
                    .from(invoiceItems)
                    .where(eq(invoiceItems.serviceId, serviceId)),
                )
              : undefined,
          ),
        );
      const stats: Record<string, { count: number; amount: number }> = {};
      for (const key of ['all', 'draft', 'pending', 'paid', 'overdue']) stats[key] = { count: 0, amount: 0 };
      for (const r of rows) {
        const tab = r.status === 'pending' && r.dueDate < today ? 'overdue' : r.status;
        for (const key of [tab, 'all']) {
          stats[key]!.count++;
          stats[key]!.amount += r.total;
        }
      }
      return stats;
    };
    expect((await ok<InvoicePage>(bob, 'GET', '/')).stats).toEqual(await scan(bob.id));
    expect((await ok<InvoicePage>(admin, 'GET', '/')).stats).toEqual(await scan());
    // One service: from the per-service figures, equal to the invoices with a line of it.
    for (const service of [design, hosting]) {
      expect((await ok<InvoicePage>(bob, 'GET', `/?service=${service.id}`)).stats).toEqual(
        await scan(bob.id, service.id),
      );
      expect((await ok<InvoicePage>(admin, 'GET', `/?service=${service.id}`)).stats).toEqual(
        await scan(undefined, service.id),
      );
    }
  });
});
