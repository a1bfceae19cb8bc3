import { useTranslation } from 'react-i18next';

import { PageTitle } from '../../../../components/page-title/page-title.tsx';
import { paths } from '../../../../config/paths.ts';
import { AuditLogView } from '../../../../features/users/views/audit-log-view.tsx';
import { RoleBasedGuard } from '../../../../lib/auth/role-based-guard.tsx';

/** /dashboard/user/audit[?user={id}]: admins only, like the user list (the API refuses others too). */
export function Component() {
  const { t } = useTranslation();
  return (
    <RoleBasedGuard roles={['admin']} redirectTo={paths.dashboard.permissionDenied}>
      <PageTitle title={t('users.audit.pageTitle')} />
      <AuditLogView />
    </RoleBasedGuard>
  );
}
