import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Translates a message that may be an i18n key (the shared zod schemas use keys such as
 * 'validation.emailInvalid'); any other text is returned as it is.
 */
export function useTranslateMessage(): (message: string | undefined) => string | undefined {
  const { t, i18n } = useTranslation();
  return useCallback(
    (message) => {
      if (!message) return undefined;
      return i18n.exists(message) ? (t as (key: string) => string)(message) : message;
    },
    [t, i18n],
  );
}
