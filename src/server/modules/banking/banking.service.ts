/**
 * Banking's surface (ADR 035): what the app and other modules may use. The figures of the overview are in
 * banking.stats.ts; the recurring job in banking.recurring.ts (started by server.ts).
 */
import type { FastifyInstance } from 'fastify';

import { moneyText } from '../orders/orders.service.ts';
import { notifyUser } from '../notifications/notifications.service.ts';
import { runRecurring } from './banking.recurring.ts';

export { runRecurring };

/** Tells the tabs of the people a banking write concerns; a failed push is logged, never the request's failure. */
export async function announceBanking(
  app: FastifyInstance,
  userIds: Array<string | null | undefined>,
  ids: { transactionId?: string | null; requestId?: string | null },
): Promise<void> {
  const to = [...new Set(userIds.filter((id): id is string => Boolean(id)))];
  if (!to.length) return;
  try {
    await app.realtime.publish(to, {
      type: 'banking.changed',
      transactionId: ids.transactionId ?? null,
      requestId: ids.requestId ?? null,
    });
  } catch (error) {
    app.log.warn({ err: error }, 'Could not push a banking change');
  }
}

/** A notification about money (a transfer received, a request and its answer); never the request's failure. */
export async function notifyBanking(
  app: FastifyInstance,
  userId: string,
  title: string,
  body: string,
  link = '/dashboard/banking',
): Promise<void> {
  try {
    await notifyUser(app, userId, { type: 'banking', title, body, link });
  } catch (error) {
    app.log.warn({ err: error }, 'Could not store a banking notification');
  }
}

/** `12345` → `$123.45` in the instance's currency (notifications are written in English, like orders'). */
export const money = (cents: number, currency: string) => moneyText(cents, currency);

/** The scheduled run: writes due occurrences, then tells their owners' tabs. */
export async function runRecurringAndAnnounce(app: FastifyInstance): Promise<number> {
  const { written, userIds } = await runRecurring(app.db);
  await Promise.all(userIds.map((id) => announceBanking(app, [id], {})));
  return written;
}
