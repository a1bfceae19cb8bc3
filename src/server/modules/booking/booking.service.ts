/**
 * Booking's surface (ADR 035, ADR 053): what the app and other modules may use. Live events go out after the
 * write committed; a failed push is logged, never the request's failure.
 */
import type { FastifyInstance } from 'fastify';

import type { BookingStatus } from '#shared/contract/booking.ts';

import { activeAdminIds } from '../../lib/admins.ts';
import { forgetPlacesAvailable } from './booking.overview.ts';

/** Tells the booking's person and every active administrator (`booking.changed`). */
export async function announceBooking(
  app: FastifyInstance,
  booking: { id: string; userId: string; status: BookingStatus },
): Promise<void> {
  forgetPlacesAvailable(app.db);
  try {
    const admins = await activeAdminIds(app.db);
    await app.realtime.publish([...new Set([booking.userId, ...admins])], {
      type: 'booking.changed',
      bookingId: booking.id,
      status: booking.status,
    });
  } catch (error) {
    app.log.warn({ err: error }, 'Could not push a booking change');
  }
}

/**
 * Tells open pages a listing changed (`booking.listingChanged`): everyone signed in when it is or was
 * published, else only the administrators (a draft is theirs alone).
 */
export async function announceListing(
  app: FastifyInstance,
  listingId: string,
  published: boolean,
): Promise<void> {
  forgetPlacesAvailable(app.db);
  try {
    const event = { type: 'booking.listingChanged' as const, listingId };
    if (published) await app.realtime.broadcast(event);
    else await app.realtime.publish(await activeAdminIds(app.db), event);
  } catch (error) {
    app.log.warn({ err: error }, 'Could not push a listing change');
  }
}
