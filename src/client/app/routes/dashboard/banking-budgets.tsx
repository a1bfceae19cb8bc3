import { useTranslation } from 'react-i18next';

import { PageTitle } from '../../../components/page-title/page-title.tsx';
import { BankingBudgetsView } from '../../../features/banking/views/banking-budgets-view.tsx';

/** `/dashboard/banking/budgets`: banking's budgets per category and month (issue 28 B); the route loads the `banking` and `overview` texts. */
export function Component() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle title={t('banking.budgets.title')} />
      <BankingBudgetsView />
    </>
  );
}
