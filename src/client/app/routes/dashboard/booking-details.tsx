import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';

import { PageTitle } from '../../../components/page-title/page-title.tsx';
import { BookingDetailsView } from '../../../features/booking/views/booking-details-view.tsx';

/** `/dashboard/booking/{id}`: one's own booking, or any booking for administrators (the API decides). */
export function Component() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  return (
    <>
      <PageTitle title={t('booking.details.pageTitle')} />
      <BookingDetailsView key={id} id={id} />
    </>
  );
}
