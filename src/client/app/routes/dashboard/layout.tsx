export {
  DashboardLayout as Component,
  DashboardErrorBoundary as ErrorBoundary,
} from '../../../layouts/dashboard/dashboard-layout.tsx';
