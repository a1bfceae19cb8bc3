import { useTranslation } from 'react-i18next';

import { PageTitle } from '../../../components/page-title/page-title.tsx';
import { BankingImportView } from '../../../features/banking/views/banking-import-view.tsx';

/** `/dashboard/banking/import`: a bank statement's CSV import and rules (issue 28 B); the route loads the `banking` and `overview` texts. */
export function Component() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle title={t('banking.import.title')} />
      <BankingImportView />
    </>
  );
}
