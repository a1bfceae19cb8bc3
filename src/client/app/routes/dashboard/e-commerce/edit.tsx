import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';

import { PageTitle } from '../../../../components/page-title/page-title.tsx';
import { paths } from '../../../../config/paths.ts';
import { ProductEditView } from '../../../../features/products/views/product-form-view.tsx';
import { RoleBasedGuard } from '../../../../lib/auth/role-based-guard.tsx';

/** `/dashboard/e-commerce/product/{name}/edit`: administrators only. */
export function Component() {
  const { t } = useTranslation();
  const { name = '' } = useParams();
  return (
    <RoleBasedGuard roles={['admin']} redirectTo={paths.dashboard.permissionDenied}>
      <PageTitle title={t('products.form.editTitle')} />
      <ProductEditView key={name} name={name} />
    </RoleBasedGuard>
  );
}
