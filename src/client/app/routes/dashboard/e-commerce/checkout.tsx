import { useTranslation } from 'react-i18next';

import { PageTitle } from '../../../../components/page-title/page-title.tsx';
import { CheckoutView } from '../../../../features/orders/views/checkout-view.tsx';

/** `/dashboard/e-commerce/checkout` (issue #13). */
export function Component() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle title={t('orders.checkout.title')} />
      <CheckoutView />
    </>
  );
}
