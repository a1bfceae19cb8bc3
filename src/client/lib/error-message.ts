import type { TFunction } from 'i18next';

import { ApiError } from './api-error.ts';

/** The text to show for a failed request: the server's message, else the translated fallback. */
export function errorMessage(error: unknown, t: TFunction): string {
  if (error instanceof ApiError && error.hasServerMessage) return error.message;
  return t('common.somethingWentWrong');
}
