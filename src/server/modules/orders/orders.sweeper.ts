import type { FastifyInstance } from 'fastify';

import { formatOrderNumber, type PaymentMethod } from '#shared/contract/orders.ts';

import { moveOrder } from './order-status.ts';
import { unpaidOrdersOlderThan } from './orders.repo.ts';
import { moneyText, type OrderListRow } from './orders.service.ts';

/** The methods whose orders wait for the money: a card order is settled when placed (ADR 026). */
export const UNPAID_SWEPT_METHODS: readonly PaymentMethod[] = ['bankTransfer', 'cash'];

/** Orders read per round; a sweep reads at most SWEEP_ROUNDS rounds (the next sweep takes the rest). */
const SWEEP_BATCH = 100;
const SWEEP_ROUNDS = 10;

const METHOD_TEXT: Record<PaymentMethod, string> = {
  bankTransfer: 'bank transfer',
  cash: 'cash on delivery',
  card: 'card',
};

const hoursText = (hours: number) => `${hours} hour${hours === 1 ? '' : 's'}`;

/** The note on the order's timeline and in the customer's notification. */
export const unpaidNote = (hours: number) =>
  `Not paid within ${hoursText(hours)}: cancelled automatically, its items went back to stock`;

function unpaidMail(app: FastifyInstance, row: OrderListRow, hours: number) {
  const number = formatOrderNumber(row.number);
  const base = app.config.publicUrl?.replace(/\/+$/, '');
  return {
    to: row.customerEmail,
    subject: `Your order ${number} was cancelled: not paid within ${hoursText(hours)}`,
    text: [
      `Hello ${row.customerName || row.customerEmail},`,
      '',
      `Your order ${number} (${moneyText(row.total, row.currency)}, ${METHOD_TEXT[row.paymentMethod]}) was not paid within ${hoursText(hours)} of being placed, so it has been cancelled and its items have gone back to stock.`,
      'Nothing more is owed for it. If you still want these items, please place a new order.',
      ...(base ? ['', `${base}/dashboard/order/${row.id}`] : []),
    ].join('\n'),
  };
}

/**
 * Cancels the pending bank-transfer and cash orders placed more than `timeoutHours` ago
 * (`ORDER_PAYMENT_TIMEOUT_HOURS`, ADR 032): each through the same path as an administrator's cancel
 * (moveOrder → changeOrderStatus: a conditional UPDATE from the status and version read, and the stock and
 * the discount code's use back in the same transaction), so with several instances sweeping one database,
 * or two sweeps at once, each order is cancelled, restocked and announced once: only the sweep whose
 * UPDATE matched goes on to notify the customer and queue their mail (the outbox). Returns how many orders
 * this sweep cancelled.
 */
export async function sweepUnpaidOrders(app: FastifyInstance, timeoutHours: number): Promise<number> {
  let cancelled = 0;
  for (let round = 0; round < SWEEP_ROUNDS; round++) {
    const due = await unpaidOrdersOlderThan(app.db, UNPAID_SWEPT_METHODS, timeoutHours, SWEEP_BATCH);
    let moved = 0;
    for (const row of due) {
      try {
        if (!(await moveOrder(app, row, 'cancelled', { userId: null, note: unpaidNote(timeoutHours) }))) {
          continue; // paid, cancelled or swept by someone else meanwhile
        }
        moved++;
        app.log.info({ event: 'order.unpaid_cancel', orderId: row.id }, 'Cancelled an unpaid order');
      } catch (error) {
        app.log.warn({ err: error, orderId: row.id }, 'Cancelling an unpaid order failed');
        continue;
      }
      try {
        await app.mailer.send(unpaidMail(app, row, timeoutHours));
      } catch (error) {
        app.log.warn({ err: error, orderId: row.id }, 'Could not queue the unpaid-order mail');
      }
    }
    cancelled += moved;
    if (due.length < SWEEP_BATCH || moved === 0) break;
  }
  return cancelled;
}
