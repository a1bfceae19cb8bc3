import { useTranslation } from 'react-i18next';

import { PageTitle } from '../../../components/page-title/page-title.tsx';
import { paths } from '../../../config/paths.ts';
import { WorkspaceSettingsView } from '../../../features/workspace/views/workspace-settings-view.tsx';
import { RoleBasedGuard } from '../../../lib/auth/role-based-guard.tsx';

/** `/dashboard/workspace` (issue 24 A): administrators only; everyone else goes to permission denied (the API refuses them too). */
export function Component() {
  const { t } = useTranslation();
  return (
    <RoleBasedGuard roles={['admin']} redirectTo={paths.dashboard.permissionDenied}>
      <PageTitle title={t('workspace.pageTitle')} />
      <WorkspaceSettingsView />
    </RoleBasedGuard>
  );
}
