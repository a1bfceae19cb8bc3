import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

import { writeCookie } from '../lib/settings/cookies.ts';
import { settingsStore } from '../lib/settings/settings-store.ts';
import { readStorage, writeStorage } from '../lib/storage.ts';
import { loadComponentLocales } from './component-locales/index.ts';
import { core } from './langs/en/core.ts';
import { shell } from './langs/en/shell.ts';
import { areaParts, loadPart, startParts, type AreaPart, type TranslationPart } from './load-language.ts';
import {
  defaultNS,
  fallbackLng,
  getLanguage,
  isLanguageValue,
  languageStorageKey,
  languageValues,
  type LanguageValue,
} from './locales-config.ts';

export const i18n = i18next.createInstance();

/** How long the language's cookie lasts (the server renders the sign-in and public pages in it). */
export const LANGUAGE_COOKIE_DAYS = 365;

// The language is the one kept in local storage (spec: `i18nextLng`), and every change is kept there. A
// cookie of the same name mirrors it (public/theme-init.js copies an older choice), so the server renders
// the pages it renders in that language (entry-server.tsx).
i18n.on('languageChanged', (language) => {
  if (!isLanguageValue(language)) return;
  writeStorage(languageStorageKey, language);
  writeCookie(languageStorageKey, language, { days: LANGUAGE_COOKIE_DAYS, path: '/' });
});

/** The values of these names in texts are quantities: "{{count}} invoices" is written the language's way. */
const quantityKeys = new Set(['count', 'total', 'index', 'position', 'min', 'max']);
const quantityFormats = new Map<string, Intl.NumberFormat>();

/**
 * i18next's formatter, for numbers only (no text uses `{{value, format}}`): a quantity in a text has the
 * digits and separators of the language ("١٬٢٣٤ فاتورة" in Arabic, "1 234" in French), like the numbers
 * `lib/format.ts` writes elsewhere on the page. Other values (order numbers, codes) stay as they are.
 */
const quantityFormatter = {
  type: 'formatter' as const,
  init: () => {},
  add: () => {},
  addCached: () => {},
  format: (
    value: unknown,
    _format: unknown,
    lng: string | undefined,
    options?: { interpolationkey?: string },
  ) => {
    if (
      typeof value !== 'number' ||
      !isLanguageValue(lng) ||
      !quantityKeys.has(options?.interpolationkey ?? '')
    ) {
      return value;
    }
    const locale = getLanguage(lng).numberLocale;
    let format = quantityFormats.get(locale);
    if (!format) {
      format = new Intl.NumberFormat(locale);
      quantityFormats.set(locale, format);
    }
    return format.format(value);
  },
};

void i18n
  .use(initReactI18next)
  .use(quantityFormatter)
  .init({
    // English's start parts; an area's texts (users, public pages) load with its routes (`ensureTranslations`).
    resources: { en: { [defaultNS]: { ...core, ...shell } } },
    lng: storedLanguage() ?? fallbackLng,
    supportedLngs: languageValues,
    fallbackLng,
    ns: [defaultNS],
    defaultNS,
    // Each area's texts are a namespace of their own (loaded with its routes); `t()` looks there next.
    fallbackNS: [...areaParts],
    debug: false,
    initAsync: false,
    interpolation: { escapeValue: false, alwaysFormat: true },
    react: { useSuspense: false },
  });

/** The language in use (English until a chosen language's texts have loaded). */
export function currentLanguage(): LanguageValue {
  const value = i18n.resolvedLanguage;
  return isLanguageValue(value) ? value : fallbackLng;
}

/** The parts each language has in i18next (English's start parts are bundled). */
const loadedParts = new Map<LanguageValue, Map<TranslationPart, Promise<void>>>([
  ['en', new Map(startParts.map((part) => [part, Promise.resolve()]))],
]);
/** The area parts a route has asked for: a language change loads them too. */
const wantedParts = new Set<AreaPart>();

function ensurePart(language: LanguageValue, part: TranslationPart): Promise<void> {
  const parts = loadedParts.get(language) ?? new Map<TranslationPart, Promise<void>>();
  loadedParts.set(language, parts);
  let pending = parts.get(part);
  if (!pending) {
    pending = loadPart(language, part).then((resources) => {
      const namespace = (startParts as readonly TranslationPart[]).includes(part) ? defaultNS : part;
      i18n.addResourceBundle(language, namespace, resources, true, true);
    });
    // A failed load can be tried again.
    pending.catch(() => parts.delete(part));
    parts.set(part, pending);
  }
  return pending;
}

/** Loads the texts of a language once: its start parts and every area part asked for so far. */
export async function ensureLanguageLoaded(language: LanguageValue): Promise<void> {
  await Promise.all([
    ...[...startParts, ...wantedParts].map((part) => ensurePart(language, part)),
    loadComponentLocales(language),
  ]);
}

/**
 * Loads an area's texts (e.g. `users`) in the current language; its routes wait for it with their code.
 * From then on, a language change loads them too.
 */
export async function ensureTranslations(part: AreaPart): Promise<void> {
  wantedParts.add(part);
  const languages = new Set<LanguageValue>([currentLanguage()]);
  if (isLanguageValue(i18n.language)) languages.add(i18n.language);
  await Promise.all([...languages].map((language) => ensurePart(language, part)));
}

/**
 * Switches the UI language (stored under `i18nextLng`). Spec §4: Arabic sets the direction to rtl, any
 * other language sets it to ltr.
 */
export async function changeLanguage(language: LanguageValue): Promise<void> {
  await ensureLanguageLoaded(language);
  await i18n.changeLanguage(language);
  settingsStore.getState().setField('themeDirection', getLanguage(language).direction);
}

/** The language stored in local storage, if it is one of ours. */
export function storedLanguage(): LanguageValue | undefined {
  const value = readStorage(languageStorageKey);
  return isLanguageValue(value) ? value : undefined;
}

/**
 * Spec §4: a stored Arabic choice means right to left. Synchronous, so the app's start sets it on <html>
 * before anything paints (a page the server rendered in Arabic never flips to ltr while the texts load).
 */
export function applyStoredLanguageDirection(): void {
  const language = storedLanguage();
  if (language && getLanguage(language).direction === 'rtl') {
    settingsStore.getState().setField('themeDirection', 'rtl');
  }
}

/**
 * Before the first render: loads the stored language's texts so the first paint is in that language, and
 * (spec §4) a stored Arabic choice sets the direction to rtl. Never rejects (English stays on failure).
 */
export async function initStoredLanguage(): Promise<void> {
  const language = storedLanguage();
  if (!language) return;
  applyStoredLanguageDirection();
  if (language === 'en') return;
  try {
    await ensureLanguageLoaded(language);
    await i18n.changeLanguage(language);
  } catch (error) {
    console.warn('Could not load the stored language', error);
  }
}

/** Keeps `<html lang>` in step with the UI language (screen readers, hyphenation). */
function syncDocumentLanguage(): void {
  if (typeof document !== 'undefined')
    document.documentElement.lang = getLanguage(currentLanguage()).htmlLang;
}
syncDocumentLanguage();
i18n.on('languageChanged', syncDocumentLanguage);
