import { useTranslation } from 'react-i18next';

import { PageTitle } from '../../../components/page-title/page-title.tsx';
import { LoginView } from '../../../features/auth/views/login-view.tsx';

export function Component() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle title={t('auth.login.pageTitle')} />
      <LoginView />
    </>
  );
}
