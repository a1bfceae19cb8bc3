import { createHash } from 'node:crypto';

import { eq } from 'drizzle-orm';

import type { Db } from '../../db/client.ts';
import { orders } from '../../db/schema/index.ts';
import { HttpError } from '../../lib/http-error.ts';

/** JSON with object keys sorted and undefined fields left out: the same request always reads the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const fields = Object.entries(value as Record<string, unknown>)
      .filter(([, field]) => field !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, field]) => `${JSON.stringify(key)}:${canonical(field)}`);
    return `{${fields.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** SHA-256 of the request as validated (defaults filled in), its idempotency key left out. */
export function requestHash<T extends { idempotencyKey: string }>(body: T): string {
  const { idempotencyKey: _key, ...rest } = body;
  return createHash('sha256').update(canonical(rest)).digest('hex');
}

/**
 * The order an idempotency key placed answers a request with that key only when the request is the same:
 * the key reused with another body (other items, address, payment…) is a client bug, and answering the
 * first order would hide it. 422 with a message. Orders placed before the hash was kept have none: any
 * request with their key still gets them.
 */
export async function assertSameRequest(db: Db, orderId: string, hash: string): Promise<void> {
  const [row] = await db
    .select({ requestHash: orders.requestHash })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (row?.requestHash && row.requestHash !== hash) {
    throw new HttpError(
      422,
      'This idempotency key was already used for a different order: send the same order again, or use a new key',
      { code: 'IDEMPOTENCY_KEY_REUSED' },
    );
  }
}
