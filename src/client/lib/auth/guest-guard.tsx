import type { ReactNode } from 'react';
import { Navigate, Outlet, useSearchParams } from 'react-router';

import { LoadingScreen } from '../../components/loading-screen/loading-screen.tsx';
import { paths } from '../../config/paths.ts';
import { safeReturnTo } from './return-to.ts';
import { useAuth } from './use-auth.ts';

/** Guest pages (sign-in, registration, password reset): signed-in visitors go on to the dashboard or returnTo. */
export function GuestGuard({ children }: { children?: ReactNode }) {
  const isInitialized = useAuth((state) => state.isInitialized);
  const isAuthenticated = useAuth((state) => state.isAuthenticated);
  const [searchParams] = useSearchParams();

  if (!isInitialized) return <LoadingScreen />;
  if (isAuthenticated) {
    return <Navigate to={safeReturnTo(searchParams.get('returnTo')) ?? paths.dashboard.root} replace />;
  }
  return children ?? <Outlet />;
}
