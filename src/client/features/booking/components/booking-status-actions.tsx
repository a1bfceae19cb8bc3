import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { Booking } from '#shared/contract/booking.ts';

import { useSnackbar } from '../../../components/snackbar/use-snackbar.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { useBookingActions } from '../api/booking-api.ts';
import { CancelBookingDialog } from './cancel-booking-dialog.tsx';

type Step = 'confirm' | 'pay' | 'checkIn' | 'complete';

/** The steps an administrator may take from a booking's status (as the server allows them). */
export function adminSteps(booking: Booking): Step[] {
  const steps: Step[] = [];
  if (booking.status === 'pending') steps.push('confirm');
  if (booking.status === 'confirmed') steps.push('checkIn');
  if (booking.status === 'checked_in') steps.push('complete');
  if (!booking.paidAt && booking.status !== 'cancelled') steps.push('pay');
  return steps;
}

/**
 * A booking's status buttons: for administrators the next steps its status allows (Confirm, Mark paid,
 * Check in, Complete); Cancel (with a reason, in a dialog) when `canCancel`. A refusal shows the server's
 * message in a toast (e.g. 409: someone else moved it on meanwhile; the page then shows it as it is).
 */
export function BookingStatusActions({
  booking,
  isAdmin,
  canCancel,
}: {
  booking: Booking;
  isAdmin: boolean;
  canCancel: boolean;
}) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const actions = useBookingActions();
  const [cancelling, setCancelling] = useState(false);
  const steps = isAdmin ? adminSteps(booking) : [];
  if (steps.length === 0 && !canCancel) return null;

  const handlers = (done: string) => ({
    onSuccess: () => enqueueSnackbar(done, { variant: 'success' }),
    onError: (error: unknown) => enqueueSnackbar(errorMessage(error, t), { variant: 'error' }),
  });
  const run: Record<Step, () => void> = {
    confirm: () => actions.confirm.mutate(booking.id, handlers(t('booking.details.done.confirmed'))),
    checkIn: () => actions.checkIn.mutate(booking.id, handlers(t('booking.details.done.checkedIn'))),
    complete: () => actions.complete.mutate(booking.id, handlers(t('booking.details.done.completed'))),
    pay: () => actions.pay.mutate({ id: booking.id }, handlers(t('booking.details.done.paid'))),
  };
  const pending: Record<Step, boolean> = {
    confirm: actions.confirm.isPending,
    checkIn: actions.checkIn.isPending,
    complete: actions.complete.isPending,
    pay: actions.pay.isPending,
  };
  const busy = Object.values(pending).some(Boolean);

  return (
    <>
      <Stack
        direction="row"
        spacing={1}
        useFlexGap
        role="group"
        aria-label={t('booking.details.actionsLabel')}
        sx={{ flexWrap: 'wrap' }}
      >
        {steps.map((step, index) => (
          <Button
            key={step}
            variant={index === 0 ? 'contained' : 'outlined'}
            color={index === 0 ? 'primary' : 'inherit'}
            loading={pending[step]}
            disabled={busy && !pending[step]}
            onClick={run[step]}
          >
            {t(`booking.details.steps.${step}`)}
          </Button>
        ))}
        {canCancel && (
          <Button variant="outlined" color="error" disabled={busy} onClick={() => setCancelling(true)}>
            {t('booking.details.cancel.open')}
          </Button>
        )}
      </Stack>
      {cancelling && <CancelBookingDialog booking={booking} onClose={() => setCancelling(false)} />}
    </>
  );
}
