export { ForbiddenView as Component } from '../../../components/error-views/forbidden-view.tsx';
