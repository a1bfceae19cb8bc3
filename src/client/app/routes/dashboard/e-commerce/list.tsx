import { useTranslation } from 'react-i18next';

import { PageTitle } from '../../../../components/page-title/page-title.tsx';
import { paths } from '../../../../config/paths.ts';
import { ProductListView } from '../../../../features/products/views/product-list-view.tsx';
import { RoleBasedGuard } from '../../../../lib/auth/role-based-guard.tsx';

/** `/dashboard/e-commerce/list`: administrators only (the API refuses everyone else too). */
export function Component() {
  const { t } = useTranslation();
  return (
    <RoleBasedGuard roles={['admin']} redirectTo={paths.dashboard.permissionDenied}>
      <PageTitle title={t('products.admin.title')} />
      <ProductListView />
    </RoleBasedGuard>
  );
}
