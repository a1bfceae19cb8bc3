import { useTranslation } from 'react-i18next';

import { PageTitle } from '../../../components/page-title/page-title.tsx';
import { VerifyView } from '../../../features/auth/views/verify-view.tsx';

export function Component() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle title={t('auth.verify.pageTitle')} />
      <VerifyView />
    </>
  );
}
