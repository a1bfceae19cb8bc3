import { useTranslation } from 'react-i18next';

import { PageTitle } from '../../../../components/page-title/page-title.tsx';
import { UserProfileView } from '../../../../features/users/views/user-profile-view.tsx';

export function Component() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle title={t('users.profile.pageTitle')} />
      <UserProfileView />
    </>
  );
}
