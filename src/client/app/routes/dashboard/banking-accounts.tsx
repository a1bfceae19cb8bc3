import { useTranslation } from 'react-i18next';

import { PageTitle } from '../../../components/page-title/page-title.tsx';
import { BankingAccountsView } from '../../../features/banking/views/banking-accounts-view.tsx';

/** `/dashboard/banking/accounts`: banking's accounts and recurring transactions (issue 28 B); the route loads the `banking` and `overview` texts. */
export function Component() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle title={t('banking.nav.accounts')} />
      <BankingAccountsView />
    </>
  );
}
