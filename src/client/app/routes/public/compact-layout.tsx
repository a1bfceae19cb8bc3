export { CompactLayout as Component } from '../../../components/error-views/compact-layout.tsx';
