import { useTranslation } from 'react-i18next';

import { PageTitle } from '../../../components/page-title/page-title.tsx';
import { BookingListView } from '../../../features/booking/views/booking-list-view.tsx';

/**
 * `/dashboard/booking/list`: one's own bookings, or everyone's for administrators (the API decides); the
 * route loads the `booking` texts and starts the list's request (`bookingsListLoader`).
 */
export function Component() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle title={t('booking.nav.list')} />
      <BookingListView />
    </>
  );
}
