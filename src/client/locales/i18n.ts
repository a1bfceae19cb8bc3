import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

import { settingsStore } from '../lib/settings/settings-store.ts';
import { readStorage, writeStorage } from '../lib/storage.ts';
import { en } from './langs/en/index.ts';
import { languageLoaders } from './load-language.ts';
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

// The language is the one kept in local storage (spec: `i18nextLng`), and every change is kept there.
i18n.on('languageChanged', (language) => {
  if (isLanguageValue(language)) writeStorage(languageStorageKey, language);
});

void i18n.use(initReactI18next).init({
  resources: { en: { [defaultNS]: en } },
  lng: storedLanguage() ?? fallbackLng,
  supportedLngs: languageValues,
  fallbackLng,
  ns: [defaultNS],
  defaultNS,
  debug: false,
  initAsync: false,
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
});

/** The language in use (English until a chosen language's texts have loaded). */
export function currentLanguage(): LanguageValue {
  const value = i18n.resolvedLanguage;
  return isLanguageValue(value) ? value : fallbackLng;
}

/** Loads the texts of a language once (English is bundled). */
export async function ensureLanguageLoaded(language: LanguageValue): Promise<void> {
  if (language === 'en' || i18n.hasResourceBundle(language, defaultNS)) return;
  const resources = await languageLoaders[language]();
  i18n.addResourceBundle(language, defaultNS, resources, true, true);
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
 * Before the first render: loads the stored language's texts so the first paint is in that language, and
 * (spec §4) a stored Arabic choice sets the direction to rtl. Never rejects (English stays on failure).
 */
export async function initStoredLanguage(): Promise<void> {
  const language = storedLanguage();
  if (!language) return;
  if (getLanguage(language).direction === 'rtl') {
    settingsStore.getState().setField('themeDirection', 'rtl');
  }
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
