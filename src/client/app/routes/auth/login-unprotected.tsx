import { useTranslation } from 'react-i18next';

import { paths } from '../../../config/paths.ts';
import { PageTitle } from '../../../components/page-title/page-title.tsx';
import { LoginView } from '../../../features/account/views/login-view.tsx';

export function Component() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle title={t('account.login.pageTitle')} />
      <LoginView registerPath={paths.auth.registerUnprotected} />
    </>
  );
}
