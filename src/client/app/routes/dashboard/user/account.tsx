import { useTranslation } from 'react-i18next';

import { PageTitle } from '../../../../components/page-title/page-title.tsx';
import { AccountView } from '../../../../features/users/views/account-view.tsx';

export function Component() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle title={t('users.account.pageTitle')} />
      <AccountView />
    </>
  );
}
