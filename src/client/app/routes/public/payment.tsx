import { useTranslation } from 'react-i18next';

import { PageTitle } from '../../../components/page-title/page-title.tsx';
import { PaymentView } from '../../../features/public/views/payment-view.tsx';

export function Component() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle title={t('payment.pageTitle')} />
      <PaymentView />
    </>
  );
}
