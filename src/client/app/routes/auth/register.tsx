import { useTranslation } from 'react-i18next';

import { PageTitle } from '../../../components/page-title/page-title.tsx';
import { RegisterView } from '../../../features/account/views/register-view.tsx';

export function Component() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle title={t('account.register.pageTitle')} />
      <RegisterView />
    </>
  );
}
