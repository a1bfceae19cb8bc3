import { useTranslation } from 'react-i18next';

import { PageTitle } from '../../../../components/page-title/page-title.tsx';
import { paths } from '../../../../config/paths.ts';
import { UserCreateView } from '../../../../features/users/views/user-create-view.tsx';
import { RoleBasedGuard } from '../../../../lib/auth/role-based-guard.tsx';

export function Component() {
  const { t } = useTranslation();
  return (
    <RoleBasedGuard roles={['admin']} redirectTo={paths.dashboard.permissionDenied}>
      <PageTitle title={t('users.create.pageTitle')} />
      <UserCreateView />
    </RoleBasedGuard>
  );
}
