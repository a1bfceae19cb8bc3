import { useTranslation } from 'react-i18next';

import { getLanguage } from '../../../locales/locales-config.ts';

/** The Intl locale of the UI language (en-US, fr-FR, vi-VN, zh-CN, ar-SD); re-renders when it changes. */
export function useNumberLocale(): string {
  const { i18n } = useTranslation();
  return getLanguage(i18n.resolvedLanguage).numberLocale;
}
