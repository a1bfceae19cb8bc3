import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import type { AnalyticsDimension } from '#shared/contract/analytics-limits.ts';

import { getLanguage } from '../../../locales/locales-config.ts';
import { isKnownDevice, isKnownSource, UNKNOWN_COUNTRY } from './analytics-views.ts';

function displayNames(locale: string, type: 'region' | 'language'): Intl.DisplayNames | null {
  try {
    return new Intl.DisplayNames([locale], { type, fallback: 'code' });
  } catch {
    return null;
  }
}

/**
 * How a breakdown's value is written for a person: a country's name and a language's in the interface
 * language (`Intl.DisplayNames`), a source or device type by its translated name, an empty value as
 * "(none)"; pages, referrers, campaigns and event names as they are.
 */
export function useValueLabel(): (dim: AnalyticsDimension, value: string) => string {
  const { t, i18n } = useTranslation();
  const locale = getLanguage(i18n.resolvedLanguage).numberLocale;
  const names = useMemo(
    () => ({ region: displayNames(locale, 'region'), language: displayNames(locale, 'language') }),
    [locale],
  );
  return useCallback(
    (dim, value) => {
      if (value === '') return t('analytics.details.noValue');
      if (dim === 'country') {
        if (value === UNKNOWN_COUNTRY) return t('analytics.details.unknownCountry');
        try {
          return names.region?.of(value) ?? value;
        } catch {
          return value;
        }
      }
      if (dim === 'language') {
        try {
          return names.language?.of(value) ?? value;
        } catch {
          return value;
        }
      }
      if (dim === 'source' && isKnownSource(value)) {
        return t(`analytics.sources.${value as 'direct'}`);
      }
      if (dim === 'device' && isKnownDevice(value)) {
        return t(`analytics.devices.${value as 'desktop'}`);
      }
      return value;
    },
    [t, names],
  );
}
