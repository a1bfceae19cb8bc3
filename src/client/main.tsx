// Public Sans as one variable font (every weight from one file per script: Latin, Latin Extended, Vietnamese).
import '@fontsource-variable/public-sans/wght.css';

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';

import { AppProvider } from './app/provider.tsx';
import { createAppRouter } from './app/router.tsx';
import { startProgressBar } from './components/progress-bar/progress-bar.tsx';
import { authStore } from './lib/auth/auth-store.ts';
import { settingsStore } from './lib/settings/settings-store.ts';
import { initStoredLanguage, storedLanguage } from './locales/i18n.ts';
import { getLanguage } from './locales/locales-config.ts';
import { applyDocumentSettings } from './theme/document-settings.ts';
import { loadRtlStyles } from './theme/emotion-cache.ts';

// The settings store read its cookies when it loaded: colour scheme, background and direction go on <html>
// before anything renders, so a dark or rtl choice shows from the first paint.
applyDocumentSettings(settingsStore.getState());

// Restore the session while the first route chunk loads; the guards wait for it (isInitialized).
void authStore.getState().initialize();

function render() {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  const router = createAppRouter();
  startProgressBar(router);
  createRoot(container).render(
    <StrictMode>
      <AppProvider>
        <RouterProvider router={router} />
      </AppProvider>
    </StrictMode>,
  );
}

// A stored non-English language loads before the first render (first paint in that language; Arabic → rtl),
// and so do the rtl styles when the page starts right to left.
async function beforeFirstRender(): Promise<void> {
  await initStoredLanguage();
  if (settingsStore.getState().themeDirection === 'rtl') await loadRtlStyles().catch(() => {});
}

const language = storedLanguage();
const rtl =
  settingsStore.getState().themeDirection === 'rtl' ||
  (language && getLanguage(language).direction === 'rtl');
if ((language && language !== 'en') || rtl) void beforeFirstRender().finally(render);
else {
  void initStoredLanguage();
  render();
}
