export { NotFoundView as Component } from '../../components/error-views/not-found-view.tsx';
