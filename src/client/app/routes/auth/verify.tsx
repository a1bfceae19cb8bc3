import { useTranslation } from 'react-i18next';

import { PageTitle } from '../../../components/page-title/page-title.tsx';
import { VerifyView } from '../../../features/account/views/verify-view.tsx';

export function Component() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle title={t('account.verify.pageTitle')} />
      <VerifyView />
    </>
  );
}
