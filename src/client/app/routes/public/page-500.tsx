export { ServerErrorView as Component } from '../../../components/error-views/server-error-view.tsx';
