/** Languages the UI offers. A later issue adds fr, vi (bundled as vn), cn and ar (rtl). */
export const languages = [{ value: 'en', label: 'English', direction: 'ltr' }] as const;

export type LanguageValue = (typeof languages)[number]['value'];

export const fallbackLng: LanguageValue = 'en';
export const defaultNS = 'translations';
/** Spec §9: the chosen language is kept in local storage under this key. */
export const languageStorageKey = 'i18nextLng';
