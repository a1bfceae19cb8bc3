import { useTranslation } from 'react-i18next';

import { PageTitle } from '../../../components/page-title/page-title.tsx';
import { BankingOverviewView } from '../../../features/banking/views/banking-overview-view.tsx';

/** `/dashboard/banking`: banking's the overview (issue 28 B); the route loads the `banking` and `overview` texts. */
export function Component() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle title={t('banking.pageTitle')} />
      <BankingOverviewView />
    </>
  );
}
