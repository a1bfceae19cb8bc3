/**
 * The five languages (spec §3): label, value code, flag, direction, html lang and number locale.
 * `vi` is the switcher value of Vietnamese (the spec's bundled translations call it `vn`).
 * MUI component texts per language: component-locales/index.ts.
 */
export const languages = [
  {
    value: 'en',
    label: 'English',
    flag: '/assets/flags/en.svg',
    direction: 'ltr',
    htmlLang: 'en',
    numberLocale: 'en-US',
  },
  {
    value: 'fr',
    label: 'French',
    flag: '/assets/flags/fr.svg',
    direction: 'ltr',
    htmlLang: 'fr',
    numberLocale: 'fr-FR',
  },
  {
    value: 'vi',
    label: 'Vietnamese',
    flag: '/assets/flags/vi.svg',
    direction: 'ltr',
    htmlLang: 'vi',
    numberLocale: 'vi-VN',
  },
  {
    value: 'cn',
    label: 'Chinese',
    flag: '/assets/flags/cn.svg',
    direction: 'ltr',
    htmlLang: 'zh-CN',
    numberLocale: 'zh-CN',
  },
  {
    value: 'ar',
    label: 'Arabic (Sudan)',
    flag: '/assets/flags/ar.svg',
    direction: 'rtl',
    htmlLang: 'ar-SD',
    numberLocale: 'ar-SD',
  },
] as const;

export type Language = (typeof languages)[number];
export type LanguageValue = Language['value'];

export const fallbackLng: LanguageValue = 'en';
export const defaultNS = 'translations';
/** Spec §9: the chosen language is kept in local storage under this key. */
export const languageStorageKey = 'i18nextLng';

export const languageValues: LanguageValue[] = languages.map((language) => language.value);

export function isLanguageValue(value: unknown): value is LanguageValue {
  return typeof value === 'string' && (languageValues as string[]).includes(value);
}

/** The language for a code (unknown codes get the fallback, English). */
export function getLanguage(value: string | undefined | null): Language {
  return languages.find((language) => language.value === value) ?? languages[0];
}
