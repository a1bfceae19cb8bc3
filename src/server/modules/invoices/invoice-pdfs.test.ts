import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Customer, FromAddress, Invoice, InvoiceInput } from '#shared/contract/invoices.ts';

import { HttpError } from '../../lib/http-error.ts';
import { invoicePdfLimits } from '../../lib/limits.ts';
import { apiCalls } from '../../testing/http.ts';
import { member, type Member } from '../../testing/members.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { createInvoicePdfs } from './invoice-pdfs.ts';

/** A render that waits until the test lets it finish; counts what it was asked for. */
function gatedRender() {
  const calls: Array<{ version: number; lang: string; finish: () => void }> = [];
  const render = (invoice: Invoice, lang: string) =>
    new Promise<Uint8Array>((resolve) => {
      calls.push({
        version: invoice.version,
        lang,
        finish: () => resolve(new TextEncoder().encode(`%PDF- v${invoice.version} ${lang}`)),
      });
    });
  return { calls, render };
}

const invoiceOf = (version: number, id = 'inv-1') => ({ id, version }) as unknown as Invoice;

describe('invoice PDFs: cache and per-person limit', () => {
  it('renders a version once, and a new version anew', async () => {
    const { calls, render } = gatedRender();
    const pdfs = createInvoicePdfs({ render });
    const first = pdfs.pdf(invoiceOf(1), 'en', 'ada');
    // Asked again while it renders: the same render serves both.
    const again = pdfs.pdf(invoiceOf(1), 'en', 'bob');
    await expect.poll(() => calls.length).toBe(1);
    calls[0]!.finish();
    expect(await first).toMatchObject({ cached: false });
    expect(String((await again).pdf)).toBe('%PDF- v1 en');

    const cached = await pdfs.pdf(invoiceOf(1), 'en', 'ada');
    expect(cached.cached).toBe(true);
    expect(String(cached.pdf)).toBe('%PDF- v1 en');
    expect(pdfs.stats()).toMatchObject({ renders: 1, cachedPdfs: 1 });

    const edited = pdfs.pdf(invoiceOf(2), 'en', 'ada');
    await expect.poll(() => calls.length).toBe(2);
    calls[1]!.finish();
    expect(String((await edited).pdf)).toBe('%PDF- v2 en');
    expect((await pdfs.pdf(invoiceOf(2), 'en', 'ada')).cached).toBe(true);
    // The old version is gone from the cache, not kept beside the new one.
    expect(pdfs.stats()).toMatchObject({ renders: 2, cachedPdfs: 1 });
    await pdfs.close();
  });

  it(`lets one person have ${invoicePdfLimits.rendersPerPerson} renders running, answers 429 beyond`, async () => {
    const { calls, render } = gatedRender();
    const pdfs = createInvoicePdfs({ render });
    const running = Array.from({ length: invoicePdfLimits.rendersPerPerson }, (_, i) =>
      pdfs.pdf(invoiceOf(1, `inv-${i}`), 'en', 'ada'),
    );
    const over = pdfs.pdf(invoiceOf(1, 'inv-over'), 'en', 'ada').catch((error: unknown) => error);
    const refused = await over;
    expect(refused).toBeInstanceOf(HttpError);
    expect(refused).toMatchObject({ statusCode: 429, code: 'RATE_LIMITED' });
    expect((refused as Error).message).toMatch(`at most ${invoicePdfLimits.rendersPerPerson} invoice PDFs`);
    // Someone else is not held up by her.
    const bob = pdfs.pdf(invoiceOf(1, 'inv-bob'), 'en', 'bob');
    await expect.poll(() => calls.length).toBe(invoicePdfLimits.rendersPerPerson + 1);
    for (const call of calls) call.finish();
    await Promise.all([...running, bob]);
    // Done: she may ask again.
    const later = pdfs.pdf(invoiceOf(1, 'inv-later'), 'en', 'ada');
    await expect.poll(() => calls.length).toBe(invoicePdfLimits.rendersPerPerson + 2);
    calls.at(-1)!.finish();
    expect((await later).cached).toBe(false);
    await pdfs.close();
  });

  it('drops the least recently used PDFs beyond its size', async () => {
    const render = async (invoice: Invoice) => new Uint8Array(100).fill(invoice.version);
    const pdfs = createInvoicePdfs({ render, cacheBytes: 250 });
    for (const id of ['a', 'b']) await pdfs.pdf(invoiceOf(1, id), 'en', 'ada');
    expect((await pdfs.pdf(invoiceOf(1, 'a'), 'en', 'ada')).cached).toBe(true);
    await pdfs.pdf(invoiceOf(1, 'c'), 'en', 'ada');
    expect(pdfs.stats()).toMatchObject({ cachedPdfs: 2, cachedBytes: 200 });
    expect((await pdfs.pdf(invoiceOf(1, 'a'), 'en', 'ada')).cached).toBe(true);
    expect((await pdfs.pdf(invoiceOf(1, 'b'), 'en', 'ada')).cached).toBe(false);
    await pdfs.close();
  });
});

describe('invoice PDFs through the API (rendered on worker threads)', () => {
  let t: TestApp;
  let admin: Member;
  let from: FromAddress;
  let customer: Customer;

  const { call, ok } = apiCalls(() => t.app, '/api/invoices');

  beforeAll(async () => {
    t = await createTestApp();
    admin = await member(t.app, 'Grace', 'Hopper'); // the first account is an admin
    from = (
      await ok<{ address: FromAddress }>(
        admin,
        'POST',
        '/from-addresses',
        { name: 'Atrium Ltd', fullAddress: '1 Main St' },
        201,
      )
    ).address;
    customer = (
      await ok<{ customer: Customer }>(
        admin,
        'POST',
        '/customers',
        { name: 'Acme', fullAddress: '2 Side St', email: 'acme@x.test' },
        201,
      )
    ).customer;
  });
  afterAll(async () => {
    await t?.close();
  });

  const body = (notes: string): InvoiceInput => ({
    fromAddressId: from.id,
    customerId: customer.id,
    createDate: '2026-01-10',
    dueDate: '2099-01-10',
    items: [{ title: 'Logo design', description: '', serviceId: null, quantity: 1, price: 10_000 }],
    shipping: 0,
    discount: 0,
    taxes: 0,
    notes,
  });
  const textOf = async (pdf: Buffer) =>
    (await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true })).text;

  it('serves the same version from the cache, and renders an edited one anew', async () => {
    const { invoice } = await ok<{ invoice: Invoice }>(admin, 'POST', '/', body('First notes'), 201);

    const first = await call(admin, 'GET', `/${invoice.id}/pdf`);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['x-pdf-cache']).toBe('miss');
    expect(await textOf(first.rawPayload)).toContain('First notes');
    const second = await call(admin, 'GET', `/${invoice.id}/pdf`);
    expect(second.headers['x-pdf-cache']).toBe('hit');
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    // Another language is another document.
    expect((await call(admin, 'GET', `/${invoice.id}/pdf?lang=fr`)).headers['x-pdf-cache']).toBe('miss');

    await ok(admin, 'PUT', `/${invoice.id}`, { ...body('Second notes'), version: invoice.version });
    const third = await call(admin, 'GET', `/${invoice.id}/pdf`);
    expect(third.headers['x-pdf-cache']).toBe('miss');
    expect(await textOf(third.rawPayload)).toContain('Second notes');
    expect((await call(admin, 'GET', `/${invoice.id}/pdf`)).headers['x-pdf-cache']).toBe('hit');
  });
});
