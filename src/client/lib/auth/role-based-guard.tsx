import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink } from 'react-router';

import type { Role } from '#shared/contract/account.ts';

import { ErrorContent } from '../../components/error-views/error-content.tsx';
import { ForbiddenIllustration } from '../../components/error-views/illustrations.tsx';
import { paths } from '../../config/paths.ts';
import { useAuth } from './use-auth.ts';

type RoleBasedGuardProps = {
  /** Roles allowed to see the children. */
  roles: readonly Role[];
  /** Show a "Permission denied" message to everyone else (otherwise they see nothing). */
  hasContent?: boolean;
  /** Send everyone else to this path instead (e.g. paths.dashboard.permissionDenied). */
  redirectTo?: string;
  children: ReactNode;
};

/**
 * Shows its children to the given roles only. This hides what a role may not use; the server still
 * checks every request (ARCHITECTURE.md §4). Use it inside AuthGuard: without a user nobody is allowed.
 */
export function RoleBasedGuard({ roles, hasContent = false, redirectTo, children }: RoleBasedGuardProps) {
  const { t } = useTranslation();
  const role = useAuth((state) => state.user?.role);

  if (role && roles.includes(role)) return children;
  if (redirectTo) return <Navigate to={redirectTo} replace />;
  if (!hasContent) return null;
  return (
    <ErrorContent
      headingLevel="h2"
      title={t('permissionDenied.deniedTitle')}
      description={t('permissionDenied.deniedDescription')}
      illustration={<ForbiddenIllustration />}
      action={
        <Button component={RouterLink} to={paths.root} variant="contained">
          {t('permissionDenied.home')}
        </Button>
      }
    />
  );
}
