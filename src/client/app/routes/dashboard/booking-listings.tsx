import { useTranslation } from 'react-i18next';

import { PageTitle } from '../../../components/page-title/page-title.tsx';
import { BookingListingsView } from '../../../features/booking/views/booking-listings-view.tsx';

/** `/dashboard/booking/listings`: listings to browse and book (issue 29 B); the route loads the `booking` texts. */
export function Component() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle title={t('booking.nav.listings')} />
      <BookingListingsView />
    </>
  );
}
