import { useTranslation } from 'react-i18next';

import { PageTitle } from '../../../../components/page-title/page-title.tsx';
import { paths } from '../../../../config/paths.ts';
import { ProductCreateView } from '../../../../features/products/views/product-form-view.tsx';
import { RoleBasedGuard } from '../../../../lib/auth/role-based-guard.tsx';

/** `/dashboard/e-commerce/product/new`: administrators only. */
export function Component() {
  const { t } = useTranslation();
  return (
    <RoleBasedGuard roles={['admin']} redirectTo={paths.dashboard.permissionDenied}>
      <PageTitle title={t('products.form.createTitle')} />
      <ProductCreateView />
    </RoleBasedGuard>
  );
}
