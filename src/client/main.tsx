// Public Sans as one variable font (every weight from one file per script: Latin, Latin Extended, Vietnamese).
import '@fontsource-variable/public-sans/wght.css';

import { StrictMode, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import type { DataRouter, HydrationState } from 'react-router';
import { RouterProvider } from 'react-router/dom';

import { AppProvider } from './app/provider.tsx';
import { createAppRouter } from './app/router.tsx';
import { startProgressBar } from './components/progress-bar/progress-bar.tsx';
import { authStore } from './lib/auth/auth-store.ts';
import { queryClient } from './lib/query-client.ts';
import { restoreTypedValues, typedValues } from './lib/typed-before-hydration.ts';
import { settingsStore } from './lib/settings/settings-store.ts';
import {
  applyStoredLanguageDirection,
  currentLanguage,
  initStoredLanguage,
  storedLanguage,
} from './locales/i18n.ts';
import { getLanguage } from './locales/locales-config.ts';
import { applyDocumentSettings } from './theme/document-settings.ts';
import { loadRtlStyles } from './theme/emotion-cache.ts';

// The settings store read its cookies when it loaded (and a stored Arabic means rtl): colour scheme,
// background and direction go on <html> before anything renders, so a dark or rtl choice shows from the
// first paint.
applyStoredLanguageDirection();
applyDocumentSettings(settingsStore.getState());

// Restore the session while the first route chunk loads; the guards wait for it (isInitialized). Without a
// stored token or a session cookie this is done at once: the visitor is signed out.
void authStore.getState().initialize();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

function app(router: DataRouter, extra?: ReactNode) {
  startProgressBar(router);
  return (
    <StrictMode>
      <AppProvider>
        <RouterProvider router={router} />
        {extra}
      </AppProvider>
    </StrictMode>
  );
}

/** Runs `effect` once the tree around it has been committed (the hydration is over). */
function AfterCommit({ effect }: { effect: () => void }) {
  useEffect(effect, [effect]);
  return null;
}

async function render(): Promise<void> {
  const router = await createAppRouter();
  createRoot(container!).render(app(router));
}

// A stored non-English language loads before the first render (first paint in that language; Arabic → rtl),
// and so do the rtl styles when the page starts right to left.
async function beforeFirstRender(): Promise<void> {
  await initStoredLanguage();
  if (settingsStore.getState().themeDirection === 'rtl') await loadRtlStyles().catch(() => {});
}

type ServerState = {
  router: HydrationState;
  queries: Array<{ queryKey: readonly unknown[]; data: unknown }>;
};

/** The router's state and query data the server rendered the page with (entry-server.tsx), if it did. */
function serverState(): ServerState | null {
  const text = document.getElementById('router-hydration')?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as ServerState;
  } catch {
    return null;
  }
}

/**
 * The server rendered the sign-in or public page (issue 31 A, entry-server.tsx): the app takes it over
 * where it stands once it is in the same state (language, settings, signed out) and the page's code is
 * there. When it is not (a language chosen before the server knew it, a session still being restored), the
 * app renders the page itself instead.
 */
async function hydrate(
  serverLanguage: string,
  { router: hydrationData, queries }: ServerState,
): Promise<void> {
  await beforeFirstRender();
  const state = authStore.getState();
  if (currentLanguage() !== serverLanguage || !state.isInitialized || state.isAuthenticated) {
    // React replaces the server's page in the same commit that shows its own (no blank frame).
    return render();
  }
  for (const { queryKey, data } of queries) queryClient.setQueryData(queryKey, data);
  const router = await createAppRouter(hydrationData);
  // What was typed into the page while its code loaded stays typed (hydration would empty the fields).
  const typed = typedValues(container!);
  const restore = () => {
    restoreTypedValues(typed);
    // The page is the app's now (the browser tests wait for this before they check what it does).
    container!.dataset.hydrated = '';
  };
  hydrateRoot(container!, app(router, <AfterCommit effect={restore} />));
}

const serverLanguage = container.dataset.ssr;
const rendered = serverLanguage ? serverState() : null;
const language = storedLanguage();
const rtl =
  settingsStore.getState().themeDirection === 'rtl' ||
  (language && getLanguage(language).direction === 'rtl');
if (serverLanguage && rendered) void hydrate(serverLanguage, rendered);
else if ((language && language !== 'en') || rtl) void beforeFirstRender().finally(render);
else {
  void initStoredLanguage();
  void render();
}
