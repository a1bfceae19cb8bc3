import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';

import { paths } from '../../../config/paths.ts';
import { useAuth, useAuthActions } from '../../../lib/auth/use-auth.ts';
import { AuthFormHead } from '../components/auth-form-head.tsx';

/** How often the waiting page asks whether an administrator decided. */
export const PENDING_RECHECK_MS = 15_000;

/**
 * The only page of an account waiting for an administrator's approval (sign-up policy `approval`, ADR 034).
 * It asks the server every 15 s (and on "Check again") and moves on to the dashboard once approved; a
 * rejected account's session ends, which signs the visitor out.
 */
export function PendingView() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useAuth((state) => state.user);
  const isInitialized = useAuth((state) => state.isInitialized);
  const isAuthenticated = useAuth((state) => state.isAuthenticated);
  const { refreshUser, logout } = useAuthActions();
  const [checking, setChecking] = useState(false);

  const check = async () => {
    setChecking(true);
    try {
      await refreshUser();
    } catch {
      // A rejected account's session ended: the auth store signs out and the guard below redirects.
    } finally {
      setChecking(false);
    }
  };

  useEffect(() => {
    const timer = setInterval(() => void refreshUser().catch(() => undefined), PENDING_RECHECK_MS);
    return () => clearInterval(timer);
  }, [refreshUser]);

  if (!isInitialized) return null;
  if (!isAuthenticated) return <Navigate to={paths.auth.login} replace />;
  if (user && user.status !== 'pending') return <Navigate to={paths.dashboard.root} replace />;

  return (
    <>
      <AuthFormHead title={t('account.pending.title')} description={t('account.pending.description')} />
      <Stack spacing={3}>
        <Alert severity="info" role="status">
          {t('account.pending.message', { email: user?.email ?? '' })}
        </Alert>
        <Button size="large" variant="contained" loading={checking} onClick={() => void check()}>
          {t('account.pending.check')}
        </Button>
        <Button
          size="large"
          color="inherit"
          onClick={() => void logout().then(() => navigate(paths.auth.login, { replace: true }))}
        >
          {t('account.pending.signOut')}
        </Button>
      </Stack>
    </>
  );
}
