import { useTranslation } from 'react-i18next';

import type { BookingStatus, BookingReviewStatus } from '#shared/contract/booking-limits.ts';

import { Label } from '../../../components/label/label.tsx';

/** A booking status's colour, in the tabs' chips and the labels. */
export const bookingStatusColor: Record<BookingStatus, 'warning' | 'info' | 'success' | 'default' | 'error'> =
  {
    pending: 'warning',
    confirmed: 'info',
    checked_in: 'success',
    completed: 'default',
    cancelled: 'error',
  };

export const reviewStatusColor: Record<BookingReviewStatus, 'warning' | 'success' | 'error'> = {
  pending: 'warning',
  accepted: 'success',
  rejected: 'error',
};

/** A booking's status as a small coloured label ("Checked in"). */
export function BookingStatusLabel({ status }: { status: BookingStatus }) {
  const { t } = useTranslation();
  return <Label color={bookingStatusColor[status]}>{t(`booking.statuses.${status}`)}</Label>;
}

/** A review's status as a label ("Waiting", "Accepted", "Rejected"). */
export function ReviewStatusLabel({ status }: { status: BookingReviewStatus }) {
  const { t } = useTranslation();
  return <Label color={reviewStatusColor[status]}>{t(`booking.reviewStatuses.${status}`)}</Label>;
}
