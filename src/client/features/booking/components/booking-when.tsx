import Box from '@mui/material/Box';

import type { Booking } from '#shared/contract/booking.ts';

import { fDateTimeRange } from '../../../lib/format.ts';

const clocks = new Map<string, Intl.DateTimeFormat>();

/** Is `at` midnight in `timeZone` (none = the viewer's)? */
function isMidnight(at: string, timeZone: string | undefined): boolean {
  const key = timeZone ?? '';
  let clock = clocks.get(key);
  if (!clock) {
    clock = new Intl.DateTimeFormat('en-US', {
      hour: 'numeric',
      minute: 'numeric',
      hourCycle: 'h23',
      ...(timeZone ? { timeZone } : {}),
    });
    clocks.set(key, clock);
  }
  const parts = clock.formatToParts(new Date(at));
  const value = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  return value('hour') % 24 === 0 && value('minute') === 0;
}

/**
 * When a booking is, in `timeZone` (an IANA zone; none = the viewer's, which the page then says): a slot
 * as its day and times ("Mar 21, 2027, 9:00 – 11:00 AM"); a range of days as its first day and the day it
 * ends on ("Mar 21 – 24, 2027"). A range's days are the listing's: seen from another zone they do not start
 * at midnight, and then their times are shown too, so what is shown is never a wrong day.
 */
export function BookingWhen({ booking, timeZone }: { booking: Booking; timeZone?: string | undefined }) {
  const time = booking.listing.mode === 'slot' || !isMidnight(booking.startsAt, timeZone);
  return (
    <Box component="span" sx={{ textWrap: 'balance' }}>
      {fDateTimeRange(booking.startsAt, booking.endsAt, { timeZone, time })}
    </Box>
  );
}
