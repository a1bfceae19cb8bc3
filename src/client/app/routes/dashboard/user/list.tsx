import { useTranslation } from 'react-i18next';

import { PageTitle } from '../../../../components/page-title/page-title.tsx';
import { paths } from '../../../../config/paths.ts';
import { UserListView } from '../../../../features/users/views/user-list-view.tsx';
import { RoleBasedGuard } from '../../../../lib/auth/role-based-guard.tsx';

/** Admins only; everyone else goes to the permission-denied page (the API refuses them too). */
export function Component() {
  const { t } = useTranslation();
  return (
    <RoleBasedGuard roles={['admin']} redirectTo={paths.dashboard.permissionDenied}>
      <PageTitle title={t('users.list.pageTitle')} />
      <UserListView />
    </RoleBasedGuard>
  );
}
