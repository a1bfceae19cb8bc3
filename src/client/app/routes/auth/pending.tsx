import { useTranslation } from 'react-i18next';

import { PageTitle } from '../../../components/page-title/page-title.tsx';
import { PendingView } from '../../../features/auth/views/pending-view.tsx';

export function Component() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle title={t('auth.pending.pageTitle')} />
      <PendingView />
    </>
  );
}
