/** The product and the order body the shop's tests start from (ADR 039). */
import { randomUUID } from 'node:crypto';

import type { CreateOrderInput } from '#shared/contract/orders.ts';

import type { Db } from '../db/client.ts';
import { products, type ProductRow } from '../db/schema/index.ts';

let serial = 0;
/**
 * A published product straight in the database: 10.00, no taxes, a black men's shirt, no sizes, 100 in stock.
 * Its name, URL name and SKU carry a number of its own, so they never clash with another product's (names
 * are unique in any letter case); a test that names its product chooses a name of its own.
 */
export async function insertProduct(
  db: Db,
  overrides: Partial<typeof products.$inferInsert> = {},
): Promise<ProductRow> {
  serial++;
  const [row] = await db
    .insert(products)
    .values({
      name: `Test product ${serial}`,
      slug: `test-product-${serial}`,
      sku: `TEST-${serial}`,
      price: 1000,
      category: 'Shirts',
      gender: ['Men'],
      colors: ['#000000'],
      quantity: 100,
      publish: 'published',
      ...overrides,
    })
    .returning();
  return row!;
}

/** Where the test orders go. */
export const shipTo = {
  name: 'Ada Lovelace',
  phoneNumber: '+44 20 7946 0000',
  street: '12 St James Square',
  city: 'London',
  zipCode: 'SW1Y 4JH',
  country: 'United Kingdom',
};

/** The body of POST /api/orders: standard delivery to `shipTo`, paid in cash, with a new idempotency key. */
export const orderBody = (
  items: CreateOrderInput['items'],
  extra: Partial<CreateOrderInput> = {},
): CreateOrderInput => ({
  items,
  address: shipTo,
  delivery: 'standard',
  paymentMethod: 'cash',
  idempotencyKey: randomUUID(),
  ...extra,
});
