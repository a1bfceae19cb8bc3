import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

import {
  bookingPaymentMethods,
  type BookingAction,
  type BookingPaymentMethod,
} from '#shared/contract/booking-limits.ts';
import type { BookingEvent } from '#shared/contract/booking.ts';

import { fDateTime } from '../../../lib/format.ts';

const actionColor: Record<BookingAction, string> = {
  created: 'grey.500',
  confirmed: 'info.main',
  paid: 'success.main',
  checked_in: 'success.main',
  completed: 'primary.main',
  cancelled: 'error.main',
  reviewed: 'warning.main',
};

const isPaymentMethod = (note: string): note is BookingPaymentMethod =>
  (bookingPaymentMethods as readonly string[]).includes(note);

/**
 * A booking's timeline, newest first: what happened (booked, confirmed, marked paid…), who did it (or
 * "Automatically" when no one did), when, and its note (a cancellation's reason; the payment method a
 * payment was marked with).
 */
export function BookingTimeline({ events, label }: { events: readonly BookingEvent[]; label: string }) {
  const { t } = useTranslation();
  return (
    <Stack component="ol" spacing={2} sx={{ listStyle: 'none', m: 0, p: 0 }} aria-label={label}>
      {[...events].reverse().map((event) => (
        <Stack component="li" key={event.id} direction="row" spacing={2}>
          <Box
            aria-hidden
            sx={{
              width: 10,
              height: 10,
              mt: 0.75,
              borderRadius: '50%',
              bgcolor: actionColor[event.action],
              flexShrink: 0,
            }}
          />
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="subtitle2">{t(`booking.actions.${event.action}`)}</Typography>
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              {fDateTime(event.createdAt)} ·{' '}
              <Box component="span" dir="auto">
                {event.actor?.name ?? t('booking.details.timeline.automatic')}
              </Box>
            </Typography>
            {event.note && (
              <Typography variant="body2" dir="auto" sx={{ overflowWrap: 'anywhere' }}>
                {event.action === 'paid' && isPaymentMethod(event.note)
                  ? t(`booking.paymentMethods.${event.note}`)
                  : event.note}
              </Typography>
            )}
          </Box>
        </Stack>
      ))}
    </Stack>
  );
}
