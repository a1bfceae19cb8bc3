import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';

import { DashboardLoadingScreen } from '../../components/loading-screen/loading-screen.tsx';
import { paths } from '../../config/paths.ts';
import { loginPathWithReturnTo } from './return-to.ts';
import { useAuth } from './use-auth.ts';

/**
 * Signed-in visitors only. While the session is being restored it shows the shell's skeleton; anonymous
 * visitors go to the sign-in page with `returnTo` set to where they wanted to go.
 */
export function AuthGuard({ children }: { children?: ReactNode }) {
  const isInitialized = useAuth((state) => state.isInitialized);
  const isAuthenticated = useAuth((state) => state.isAuthenticated);
  // An account waiting for approval (sign-up policy `approval`) has a session but no dashboard yet.
  const pending = useAuth((state) => state.user?.status === 'pending');
  const location = useLocation();

  if (!isInitialized) return <DashboardLoadingScreen />;
  if (!isAuthenticated) {
    return (
      <Navigate
        to={loginPathWithReturnTo(paths.auth.login, `${location.pathname}${location.search}`)}
        replace
      />
    );
  }
  if (pending) return <Navigate to={paths.auth.pending} replace />;
  return children ?? <Outlet />;
}
