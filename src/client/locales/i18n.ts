import i18next from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';

import { en } from './langs/en/index.ts';
import { defaultNS, fallbackLng, languageStorageKey, languages } from './locales-config.ts';

export const i18n = i18next.createInstance();

void i18n
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    resources: { en: { [defaultNS]: en } },
    supportedLngs: languages.map((language) => language.value),
    fallbackLng,
    ns: [defaultNS],
    defaultNS,
    debug: false,
    initAsync: false,
    interpolation: { escapeValue: false },
    detection: {
      order: ['localStorage'],
      lookupLocalStorage: languageStorageKey,
      caches: ['localStorage'],
    },
    react: { useSuspense: false },
  });

/** Keeps `<html lang>` in step with the UI language (screen readers, hyphenation). */
function syncDocumentLanguage(language: string | undefined): void {
  if (typeof document !== 'undefined' && language) document.documentElement.lang = language;
}
syncDocumentLanguage(i18n.resolvedLanguage);
i18n.on('languageChanged', () => syncDocumentLanguage(i18n.resolvedLanguage));
