import { useState } from 'react';
import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

import { errorMessage } from '../../lib/error-message.ts';
import { applyServerIssues } from '../../lib/form-errors.ts';

/**
 * The form-level error of a react-hook-form form: what the server answered that no field could show.
 * `attempt(fields, action)` clears it and runs `action`; a failure's issues go on the named `fields`, and
 * anything else (a 401, a network error, an issue of another field) becomes `serverError`, for an alert.
 */
export function useServerError<T extends FieldValues>(setError: UseFormSetError<T>) {
  const { t } = useTranslation();
  const [serverError, setServerError] = useState<string | null>(null);

  const attempt = async (fields: readonly FieldPath<T>[], action: () => Promise<unknown>) => {
    setServerError(null);
    try {
      await action();
    } catch (error) {
      if (!applyServerIssues(error, setError, fields)) setServerError(errorMessage(error, t));
    }
  };

  return { serverError, attempt };
}
