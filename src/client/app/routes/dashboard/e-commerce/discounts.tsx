import { useTranslation } from 'react-i18next';

import { PageTitle } from '../../../../components/page-title/page-title.tsx';
import { paths } from '../../../../config/paths.ts';
import { DiscountListView } from '../../../../features/orders/views/discount-list-view.tsx';
import { RoleBasedGuard } from '../../../../lib/auth/role-based-guard.tsx';

/** `/dashboard/e-commerce/discounts`: administrators only (the API refuses everyone else too). */
export function Component() {
  const { t } = useTranslation();
  return (
    <RoleBasedGuard roles={['admin']} redirectTo={paths.dashboard.permissionDenied}>
      <PageTitle title={t('orders.discounts.title')} />
      <DiscountListView />
    </RoleBasedGuard>
  );
}
