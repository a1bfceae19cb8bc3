import { Outlet, ScrollRestoration } from 'react-router';

import { ProgressBar } from '../components/progress-bar/progress-bar.tsx';

export function RootLayout() {
  return (
    <>
      <ProgressBar />
      <ScrollRestoration />
      <Outlet />
    </>
  );
}
