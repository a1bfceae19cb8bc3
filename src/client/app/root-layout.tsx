import { Outlet, ScrollRestoration } from 'react-router';

import { AttachmentActionProvider } from '../components/attachment-action/attachment-action.tsx';
import { ProgressBar } from '../components/progress-bar/progress-bar.tsx';
import { SettingsButton } from '../components/settings/settings-button.tsx';
import { renderAttachmentAction } from './attachment-actions.tsx';

/**
 * Every page: the route progress bar, the settings gear (bottom right) and its drawer, and what the app
 * offers on attachments ("Save to files").
 */
export function RootLayout() {
  return (
    <>
      <ProgressBar />
      <ScrollRestoration />
      <AttachmentActionProvider render={renderAttachmentAction}>
        <Outlet />
      </AttachmentActionProvider>
      <SettingsButton />
    </>
  );
}
