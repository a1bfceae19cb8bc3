import { useTranslation } from 'react-i18next';

import { PageTitle } from '../../../components/page-title/page-title.tsx';
import { OverviewEcommerceView } from '../../../features/overview/views/overview-ecommerce-view.tsx';

/** `/dashboard/ecommerce`: the shop's overview (issue 26 C); the route loads the `overview` texts. */
export function Component() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle title={t('overview.ecommerce.pageTitle')} />
      <OverviewEcommerceView />
    </>
  );
}
