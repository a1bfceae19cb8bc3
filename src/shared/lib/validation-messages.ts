/**
 * English texts of the validation keys the shared schemas use. The client translates the same keys through
 * i18next (locales/*); the server uses these to write readable `message`/`issues` in 400 answers.
 */
export const validationMessagesEn = {
  'validation.emailRequired': 'Email is required',
  'validation.emailInvalid': 'Enter a valid email address',
  'validation.passwordRequired': 'Password is required',
  'validation.passwordTooShort': 'Password must be at least 8 characters',
  'validation.passwordTooLong': 'Password must be at most 128 characters',
  'validation.passwordCommon': 'This password is too common; choose another',
  'validation.passwordMismatch': 'Passwords do not match',
  'validation.firstNameRequired': 'First name is required',
  'validation.lastNameRequired': 'Last name is required',
  'validation.nameTooLong': 'At most 80 characters',
  'validation.codeRequired': 'Code is required',
  'validation.codeInvalid': 'Enter the 6-digit code',
} as const;

export type ValidationKey = keyof typeof validationMessagesEn;

export function validationMessageEn(key: string): string {
  return (validationMessagesEn as Record<string, string>)[key] ?? key;
}
