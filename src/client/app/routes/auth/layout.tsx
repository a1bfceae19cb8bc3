export { AuthLayout as Component } from '../../../layouts/auth/auth-layout.tsx';
