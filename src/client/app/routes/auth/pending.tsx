import { useTranslation } from 'react-i18next';

import { PageTitle } from '../../../components/page-title/page-title.tsx';
import { PendingView } from '../../../features/account/views/pending-view.tsx';

export function Component() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle title={t('account.pending.pageTitle')} />
      <PendingView />
    </>
  );
}
