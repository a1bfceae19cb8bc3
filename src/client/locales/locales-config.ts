import { arSD, enUS, frFR, viVN, zhCN, type Localization } from '@mui/material/locale';

/**
 * The five languages (spec §3): label, value code, flag, direction and the localised texts of UI components.
 * `vi` is the switcher value of Vietnamese (the spec's bundled translations call it `vn`).
 *
 * `components` holds MUI component texts for the language; more component packages (e.g. MUI X data grid,
 * date pickers) add their locale objects to this list: the theme merges all of them.
 */
export const languages = [
  {
    value: 'en',
    label: 'English',
    flag: '/assets/flags/en.svg',
    direction: 'ltr',
    htmlLang: 'en',
    numberLocale: 'en-US',
    components: [enUS] as Localization[],
  },
  {
    value: 'fr',
    label: 'French',
    flag: '/assets/flags/fr.svg',
    direction: 'ltr',
    htmlLang: 'fr',
    numberLocale: 'fr-FR',
    components: [frFR] as Localization[],
  },
  {
    value: 'vi',
    label: 'Vietnamese',
    flag: '/assets/flags/vi.svg',
    direction: 'ltr',
    htmlLang: 'vi',
    numberLocale: 'vi-VN',
    components: [viVN] as Localization[],
  },
  {
    value: 'cn',
    label: 'Chinese',
    flag: '/assets/flags/cn.svg',
    direction: 'ltr',
    htmlLang: 'zh-CN',
    numberLocale: 'zh-CN',
    components: [zhCN] as Localization[],
  },
  {
    value: 'ar',
    label: 'Arabic (Sudan)',
    flag: '/assets/flags/ar.svg',
    direction: 'rtl',
    htmlLang: 'ar-SD',
    numberLocale: 'ar-SD',
    components: [arSD] as Localization[],
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
