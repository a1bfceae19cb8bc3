export { ComingSoonView as Component } from '../../../features/public/views/coming-soon-view.tsx';
