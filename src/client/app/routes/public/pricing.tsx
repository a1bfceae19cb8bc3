import { useTranslation } from 'react-i18next';

import { PageTitle } from '../../../components/page-title/page-title.tsx';
import { PricingView } from '../../../features/public/views/pricing-view.tsx';

export function Component() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle title={t('pricing.pageTitle')} />
      <PricingView />
    </>
  );
}
