import { Outlet, ScrollRestoration } from 'react-router';

import { ProgressBar } from '../components/progress-bar/progress-bar.tsx';
import { SettingsButton } from '../components/settings/settings-button.tsx';

/** Every page: the route progress bar, the settings gear (bottom right) and its drawer. */
export function RootLayout() {
  return (
    <>
      <ProgressBar />
      <ScrollRestoration />
      <Outlet />
      <SettingsButton />
    </>
  );
}
