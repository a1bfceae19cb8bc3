export { DashboardLayout as Component } from '../../../layouts/dashboard/dashboard-layout.tsx';
