export { MaintenanceView as Component } from '../../../features/public/views/maintenance-view.tsx';
