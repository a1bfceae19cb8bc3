import { useTranslation } from 'react-i18next';

import { PageTitle } from '../../../../components/page-title/page-title.tsx';
import { OrderListView } from '../../../../features/orders/views/order-list-view.tsx';
import { useAuth } from '../../../../lib/auth/use-auth.ts';

/** `/dashboard/order/list`: every order for administrators, one's own for everyone else. */
export function Component() {
  const { t } = useTranslation();
  const isAdmin = useAuth((state) => state.user?.role === 'admin');
  return (
    <>
      <PageTitle title={isAdmin ? t('orders.title') : t('orders.myTitle')} />
      <OrderListView />
    </>
  );
}
