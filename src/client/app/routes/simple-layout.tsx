export { SimpleLayout as Component } from '../../layouts/simple/simple-layout.tsx';
