import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';

import { PageTitle } from '../../../../components/page-title/page-title.tsx';
import { OrderDetailsView } from '../../../../features/orders/views/order-details-view.tsx';

/** `/dashboard/order/{id}`: the customer's own order, or any order for administrators (the API decides). */
export function Component() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  return (
    <>
      <PageTitle title={t('orders.order')} />
      <OrderDetailsView key={id} id={id} />
    </>
  );
}
