import { useTranslation } from 'react-i18next';

import { PageTitle } from '../../../components/page-title/page-title.tsx';
import { ResetPasswordView } from '../../../features/account/views/reset-password-view.tsx';

export function Component() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle title={t('account.resetPassword.pageTitle')} />
      <ResetPasswordView />
    </>
  );
}
