import type { FastifyInstance } from 'fastify';

import { formatOrderNumber, type Order, type OrderStatus } from '#shared/contract/orders.ts';

import { notifyUser } from '../notifications/notifications.service.ts';
import type { Db } from '../../db/client.ts';
import { activeAdminIds } from '../../lib/admins.ts';
import { notFound } from '../../lib/http-error.ts';
import { changeOrderStatus, findOrder, historyOf } from './orders.repo.ts';
import { toOrder, type OrderListRow } from './orders.service.ts';

export const orderNotFound = () => notFound('Order not found');

/** An order with its history, as the API answers it (the customers' and the administrators' routes). */
export async function orderAnswer(db: Db, row: OrderListRow): Promise<Order> {
  return toOrder(row, await historyOf(db, row.id));
}

/** The order as it is now; 404 when it is gone. */
export async function orderById(db: Db, id: string): Promise<Order> {
  const row = await findOrder(db, id);
  if (!row) throw orderNotFound();
  return orderAnswer(db, row);
}

/** What the customer is told when their order's status changes. */
const STATUS_TEXT: Record<OrderStatus, string> = {
  pending: 'is waiting for payment',
  paid: 'is paid',
  completed: 'is completed',
  cancelled: 'was cancelled',
  refunded: 'was refunded',
};

/** Tells the customer's and the administrators' tabs; a failed push is logged, never the caller's failure. */
export async function announceOrder(
  app: FastifyInstance,
  orderId: string,
  /** null: the customer deleted their account (ADR 058). */
  customerId: string | null,
  status: OrderStatus,
): Promise<void> {
  try {
    const admins = await activeAdminIds(app.db);
    await app.realtime.publish([...new Set([...(customerId ? [customerId] : []), ...admins])], {
      type: 'orders.changed',
      orderId,
      status,
    });
  } catch (error) {
    app.log.warn({ err: error }, 'Could not push an order change');
  }
}

/**
 * Moves an order to `to` (from the status and version it was read at; false: it changed meanwhile, and
 * nothing was done), putting the stock back when `to` is cancelled or refunded (changeOrderStatus), then
 * tells the customer (a notification) and the open tabs. The administrators' status route, a declined card
 * and the unpaid-order sweeper all go through here.
 */
export async function moveOrder(
  app: FastifyInstance,
  row: OrderListRow,
  to: OrderStatus,
  by: { userId: string | null; note: string },
): Promise<boolean> {
  if (!(await changeOrderStatus(app.db, row, to, by))) return false;
  // No one to tell once the customer deleted their account.
  if (row.userId) {
    await notifyUser(app, row.userId, {
      type: 'order',
      title: `Order ${formatOrderNumber(row.number)} ${STATUS_TEXT[to]}`,
      body: by.note,
      link: `/dashboard/order/${row.id}`,
    });
  }
  await announceOrder(app, row.id, row.userId, to);
  return true;
}
