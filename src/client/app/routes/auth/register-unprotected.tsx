import { useTranslation } from 'react-i18next';

import { paths } from '../../../config/paths.ts';
import { PageTitle } from '../../../components/page-title/page-title.tsx';
import { RegisterView } from '../../../features/auth/views/register-view.tsx';

export function Component() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle title={t('auth.register.pageTitle')} />
      <RegisterView loginPath={paths.auth.loginUnprotected} />
    </>
  );
}
