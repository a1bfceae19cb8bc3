import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import type { CreateProductInput, Product } from '#shared/contract/products.ts';
import type { RealtimeServerMessage } from '#shared/contract/realtime.ts';

import { apiCalls } from '../../testing/http.ts';
import { threeMembers, type Member } from '../../testing/members.ts';
import { signedInSocket } from '../../testing/realtime-socket.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

/**
 * The catalog changes live (issue 26 A, the e-commerce overview's product widgets): a product created,
 * edited (stock too), given pictures, reviewed or deleted is pushed as `products.changed`: to everyone when
 * it is, was or may have been published, to the administrators only for a draft.
 */
let t: TestApp;
let base: string;
let admin: Member;
let alice: Member;
let adminSocket: Awaited<ReturnType<typeof signedInSocket>>;
let aliceSocket: Awaited<ReturnType<typeof signedInSocket>>;
const { call, ok } = apiCalls(() => t.app, '/api/products');

const changesOf = (received: RealtimeServerMessage[], productId: string | null) =>
  received.filter((m) => m.type === 'products.changed' && m.productId === productId).length;
/** Waits until `socket` has heard `count` products.changed about `productId`. */
const hears = (socket: typeof adminSocket, productId: string | null, count: number) =>
  expect.poll(() => changesOf(socket.received, productId)).toBe(count);

let serial = 0;
async function create(overrides: Partial<CreateProductInput> = {}): Promise<Product> {
  serial++;
  const input: CreateProductInput = {
    name: `Live product ${serial}`,
    sku: `LIVE-${serial}`,
    price: 1000,
    category: 'Shirts',
    gender: ['Men'],
    colors: ['#000000'],
    publish: 'published',
    ...overrides,
  };
  return (await ok<{ product: Product }>(admin, 'POST', '/', input, 201)).product;
}

beforeAll(async () => {
  t = await createTestApp({ rateLimitMax: 1_000_000 });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  ({ admin, alice } = await threeMembers(t.app));
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  adminSocket = await signedInSocket(base, admin.token);
  aliceSocket = await signedInSocket(base, alice.token);
});
afterEach(() => {
  adminSocket.ws.close();
  aliceSocket.ws.close();
});

describe('products.changed', () => {
  it('tells everyone of a published product created, its stock edited, reviewed and deleted', async () => {
    const product = await create({ quantity: 10 });
    await hears(aliceSocket, product.id, 1);
    await hears(adminSocket, product.id, 1);

    await ok(admin, 'PATCH', `/${product.id}`, { quantity: 3 });
    await hears(aliceSocket, product.id, 2);

    await ok(alice, 'POST', `/${product.id}/reviews`, { rating: 4, comment: 'Fine' });
    await hears(aliceSocket, product.id, 3);
    await ok(alice, 'DELETE', `/${product.id}/reviews/mine`);
    await hears(aliceSocket, product.id, 4);

    expect((await call(admin, 'DELETE', `/${product.id}`)).statusCode).toBe(204);
    await hears(aliceSocket, product.id, 5);
    await hears(adminSocket, product.id, 5);
  });

  it('tells only the administrators of a draft, and everyone once it is published or unpublished', async () => {
    const draft = await create({ publish: 'draft' });
    await hears(adminSocket, draft.id, 1);
    await ok(admin, 'PATCH', `/${draft.id}`, { price: 1200 });
    await hears(adminSocket, draft.id, 2);
    expect(changesOf(aliceSocket.received, draft.id)).toBe(0);

    await ok(admin, 'PATCH', `/${draft.id}`, { publish: 'published' });
    await hears(aliceSocket, draft.id, 1);
    // Taken back to a draft: the shop must drop it, so everyone hears it once more.
    await ok(admin, 'PATCH', `/${draft.id}`, { publish: 'draft' });
    await hears(aliceSocket, draft.id, 2);
    await ok(admin, 'PATCH', `/${draft.id}`, { price: 1300 });
    await hears(adminSocket, draft.id, 5);
    expect(changesOf(aliceSocket.received, draft.id)).toBe(2);
  });

  it('tells everyone of several products deleted at once, and of none when nothing was', async () => {
    const [one, two] = [await create(), await create()];
    await ok(admin, 'POST', '/delete', { ids: [one.id, two.id] });
    await hears(aliceSocket, null, 1);
    await ok(admin, 'POST', '/delete', { ids: [one.id] });
    const single = await create();
    await ok(admin, 'POST', '/delete', { ids: [single.id] });
    await hears(aliceSocket, single.id, 2);
    expect(changesOf(aliceSocket.received, null)).toBe(1);
  });
});
