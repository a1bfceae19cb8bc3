import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';

import { validationMessagesEn } from '#shared/lib/validation-messages.ts';

import { ApiError } from './api-error.ts';

const keyByEnglishText = new Map<string, string>(
  Object.entries(validationMessagesEn).map(([key, text]) => [text, key]),
);

/**
 * Shows the `issues` of a 400 answer on the form's fields (an English validation text becomes its i18n key
 * again, so it is shown translated). Returns true when every issue found a field, so no alert is needed.
 */
export function applyServerIssues<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly FieldPath<T>[],
): boolean {
  if (!(error instanceof ApiError) || error.issues.length === 0) return false;
  let allShown = true;
  let first = true;
  for (const issue of error.issues) {
    const field = issue.path.join('.') as FieldPath<T>;
    if (!fields.includes(field)) {
      allShown = false;
      continue;
    }
    const message = keyByEnglishText.get(issue.message) ?? issue.message;
    setError(field, { type: 'server', message }, { shouldFocus: first });
    first = false;
  }
  return allShown;
}
