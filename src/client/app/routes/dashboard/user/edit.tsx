import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';

import { PageTitle } from '../../../../components/page-title/page-title.tsx';
import { paths } from '../../../../config/paths.ts';
import { UserEditView } from '../../../../features/users/views/user-edit-view.tsx';
import { RoleBasedGuard } from '../../../../lib/auth/role-based-guard.tsx';

/** /dashboard/user/{name}/edit: `name` is the user's URL name (slug) or id. */
export function Component() {
  const { t } = useTranslation();
  const { name = '' } = useParams();
  return (
    <RoleBasedGuard roles={['admin']} redirectTo={paths.dashboard.permissionDenied}>
      <PageTitle title={t('users.edit.pageTitle')} />
      <UserEditView key={name} userRef={name} />
    </RoleBasedGuard>
  );
}
