import { useTranslation } from 'react-i18next';

import { paths } from '../../../config/paths.ts';
import { PageTitle } from '../../../components/page-title/page-title.tsx';
import { RegisterView } from '../../../features/account/views/register-view.tsx';

export function Component() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle title={t('account.register.pageTitle')} />
      <RegisterView loginPath={paths.auth.loginUnprotected} />
    </>
  );
}
