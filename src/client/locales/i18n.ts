import i18next from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';

import { en } from './langs/en.ts';
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
