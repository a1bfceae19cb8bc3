/**
 * The server's render of the pages a signed-out visitor lands on (issue 31 A, ADR 060): the sign-in,
 * registration and password pages and the public pages arrive as HTML with their critical CSS, in the
 * visitor's language, mode, contrast, direction and colour preset (their cookies), and the browser hydrates
 * them (main.tsx). `vite build` bundles this file for Node into dist-ssr/ (vite.config.ts); the server loads
 * it (server/plugins/web-app.ts). Dashboard pages stay a client app.
 *
 * The app's stores (settings, auth, query cache) and i18next are single instances, as in the browser. A
 * request's values are set on them right before `renderToString`, which is synchronous: no other request
 * runs in between, and every await (route code, texts, loaders) comes before.
 */
import createEmotionServer from '@emotion/server/create-instance';
import type { EmotionCache } from '@emotion/cache';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
  type StaticHandlerContext,
} from 'react-router';

import type { PageRead, PageRenderer, RenderedPage, RenderInput } from '#shared/lib/page-render.ts';

import { AppProvider } from './app/provider.tsx';
import { createRoutes } from './app/router.tsx';
import { signupPolicyQueryOptions } from './features/account/api/signup-policy.ts';
import { authStore } from './lib/auth/auth-store.ts';
import { publicConfigQueryOptions } from './lib/public-config.ts';
import { queryClient } from './lib/query-client.ts';
import {
  defaultSettings,
  parseSetting,
  settingKeys,
  type SettingKey,
  type SettingsValues,
} from './lib/settings/settings-config.ts';
import { settingsStore } from './lib/settings/settings-store.ts';
import { ensureLanguageLoaded, i18n } from './locales/i18n.ts';
import { fallbackLng, getLanguage, isLanguageValue, languageStorageKey } from './locales/locales-config.ts';
import type { LanguageValue } from './locales/locales-config.ts';
import { surfaces } from './theme/core/palette.ts';
import { getEmotionCache, loadRtlStyles } from './theme/emotion-cache.ts';

/**
 * The paths rendered on the server: the guest pages of `/auth` and the public pages (pricing, payment,
 * about, contact, FAQs, coming soon, maintenance, the error pages). Anything else is the client app.
 */
const SERVER_RENDERED =
  /^\/(?:auth\/(?:login|register|login-unprotected|register-unprotected|reset-password|new-password|verify)|pricing|payment|about-us|contact-us|faqs|coming-soon|maintenance|403|404|500)\/?$/;

export function isServerRendered(pathname: string): boolean {
  return SERVER_RENDERED.test(pathname);
}

const pageReads: Array<{ path: RegExp } & PageRead> = [
  // Who may register decides what the registration page shows (a form, or why there is none).
  {
    path: /^\/auth\/register(?:-unprotected)?\/?$/,
    queryKey: signupPolicyQueryOptions().queryKey,
    api: '/api/workspace/signup',
  },
];

/** The API reads the page of `url` shows on its first render (GET requests, as a signed-out visitor). */
export function readsOf(url: string): PageRead[] {
  const { pathname } = new URL(url, 'http://localhost');
  return pageReads.filter((read) => read.path.test(pathname)).map(({ queryKey, api }) => ({ queryKey, api }));
}

/** The language of the `i18nextLng` cookie (English without one). */
export function languageOf(cookies: RenderInput['cookies']): LanguageValue {
  const value = cookies[languageStorageKey];
  return isLanguageValue(value) ? value : fallbackLng;
}

/**
 * The display settings of the cookies, as the browser's settings store reads them; Arabic means right to
 * left, as the browser's start-up sets it (`initStoredLanguage`).
 */
export function settingsOf(cookies: RenderInput['cookies'], language: LanguageValue): SettingsValues {
  const values = { ...defaultSettings } as Record<SettingKey, unknown>;
  for (const key of settingKeys) {
    const raw = cookies[key];
    if (raw === undefined) continue;
    const parsed = parseSetting[key](raw);
    if (parsed !== undefined) values[key] = parsed;
  }
  if (getLanguage(language).direction === 'rtl') values.themeDirection = 'rtl';
  return values as SettingsValues;
}

/**
 * What the page of `input` depends on: its URL, language and display settings (the public config is the
 * server's, the same for every request). The server keeps rendered pages by it; null when not rendered here.
 */
export function pageKey(input: RenderInput): string | null {
  const url = new URL(input.url, 'http://localhost');
  if (!isServerRendered(url.pathname)) return null;
  const language = languageOf(input.cookies);
  const settings = settingsOf(input.cookies, language);
  return [
    url.pathname + url.search,
    language,
    ...settingKeys.map((key) => settings[key]),
    JSON.stringify(input.queries ?? []),
  ].join('\n');
}

const routes = createRoutes();
// One handler for every request: each route's code is loaded once, on its first render.
const handler = createStaticHandler(routes);

const emotionServers = new Map<EmotionCache, ReturnType<typeof createEmotionServer>>();
function emotionServer(cache: EmotionCache) {
  let server = emotionServers.get(cache);
  if (!server) {
    server = createEmotionServer(cache);
    emotionServers.set(cache, server);
  }
  return server;
}

const TITLE = /<title>[^<]*<\/title>/;

/** The page of `input.url`, or null when that path is not rendered on the server. */
export async function render(input: RenderInput): Promise<RenderedPage | null> {
  const url = new URL(input.url, 'http://localhost');
  if (!isServerRendered(url.pathname)) return null;
  const language = languageOf(input.cookies);
  const settings = settingsOf(input.cookies, language);

  const [context] = await Promise.all([
    handler.query(new Request(url)),
    ensureLanguageLoaded(language),
    settings.themeDirection === 'rtl' ? loadRtlStyles() : undefined,
  ]);
  if (context instanceof Response) {
    return { kind: 'redirect', status: context.status, location: context.headers.get('location') ?? '/' };
  }
  // A loader that failed: the browser renders the page (and its error view) itself.
  if (context.errors) return null;
  // The route's own texts (its `lazy` asked for them) in this request's language.
  await ensureLanguageLoaded(language);

  // From here to the end of renderToString nothing awaits: the stores hold this request's values.
  void i18n.changeLanguage(language);
  settingsStore.setState({ ...settings, drawerOpen: false });
  authStore.setState({ isInitialized: true, isAuthenticated: false, user: null });
  queryClient.setQueryData(publicConfigQueryOptions().queryKey, input.publicConfig);
  for (const { queryKey, data } of input.queries ?? []) queryClient.setQueryData(queryKey, data);
  const cache = getEmotionCache(settings.themeDirection);
  const { extractCriticalToChunks, constructStyleTagsFromChunks } = emotionServer(cache);

  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <StrictMode>
      <AppProvider>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProvider>
    </StrictMode>,
  );
  const styles = constructStyleTagsFromChunks(extractCriticalToChunks(html));
  // React writes the page's <title> where it renders it; it belongs in <head> (the browser hoists it too).
  const title = TITLE.exec(html)?.[0] ?? '';
  const { background, text } = surfaces[settings.themeMode][settings.themeContrast];

  return {
    kind: 'page',
    status: context.statusCode,
    language,
    htmlAttributes: {
      lang: getLanguage(language).htmlLang,
      dir: settings.themeDirection,
      style: `color-scheme: ${settings.themeMode}; background-color: ${background.default}; color: ${text.primary};`,
      'data-theme-mode': settings.themeMode,
    },
    head: title + styles,
    body: html.replace(TITLE, ''),
    hydrationData: JSON.stringify({ router: hydrationDataOf(context), queries: input.queries ?? [] }),
  };
}

function hydrationDataOf(context: StaticHandlerContext) {
  return { loaderData: context.loaderData, actionData: context.actionData, errors: null };
}

// What the server loads from the built file (server/plugins/web-app.ts): checked here, where it is written.
({ render, pageKey, readsOf }) satisfies PageRenderer;
