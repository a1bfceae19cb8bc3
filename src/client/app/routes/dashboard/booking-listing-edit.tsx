import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';

import { PageTitle } from '../../../components/page-title/page-title.tsx';
import { paths } from '../../../config/paths.ts';
import { BookingListingEditView } from '../../../features/booking/views/booking-listing-edit-view.tsx';
import { RoleBasedGuard } from '../../../lib/auth/role-based-guard.tsx';

/**
 * `/dashboard/booking/listings/new` and `/dashboard/booking/listings/{id}/edit` (issue 29 B): administrators
 * only; everyone else goes to permission denied (the API refuses them too). The route loads the `booking` texts.
 */
export function Component() {
  const { t } = useTranslation();
  const { id } = useParams();
  return (
    <RoleBasedGuard roles={['admin']} redirectTo={paths.dashboard.permissionDenied}>
      <PageTitle title={id === undefined ? t('booking.manage.newTitle') : t('booking.manage.editTitle')} />
      <BookingListingEditView key={id ?? 'new'} {...(id !== undefined && { id })} />
    </RoleBasedGuard>
  );
}
