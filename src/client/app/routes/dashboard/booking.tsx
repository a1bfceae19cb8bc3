import { useTranslation } from 'react-i18next';

import { PageTitle } from '../../../components/page-title/page-title.tsx';
import { BookingOverviewView } from '../../../features/booking/views/booking-overview-view.tsx';

/** `/dashboard/booking`: booking's overview (issue 29 B); the route loads the `booking` and `overview` texts. */
export function Component() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle title={t('booking.pageTitle')} />
      <BookingOverviewView />
    </>
  );
}
