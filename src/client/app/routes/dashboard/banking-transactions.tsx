import { useTranslation } from 'react-i18next';

import { PageTitle } from '../../../components/page-title/page-title.tsx';
import { BankingTransactionsView } from '../../../features/banking/views/banking-transactions-view.tsx';

/** `/dashboard/banking/transactions`: banking's the transactions list (issue 28 B); the route loads the `banking` and `overview` texts. */
export function Component() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle title={t('banking.transactions.title')} />
      <BankingTransactionsView />
    </>
  );
}
