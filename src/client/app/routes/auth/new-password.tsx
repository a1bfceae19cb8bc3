import { useTranslation } from 'react-i18next';

import { PageTitle } from '../../../components/page-title/page-title.tsx';
import { NewPasswordView } from '../../../features/account/views/new-password-view.tsx';

export function Component() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle title={t('account.newPassword.pageTitle')} />
      <NewPasswordView />
    </>
  );
}
