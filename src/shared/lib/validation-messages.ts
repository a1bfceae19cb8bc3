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
  'validation.fieldTooLong': 'This field is too long',
  'validation.phoneInvalid': 'Enter a valid phone number',
  'validation.urlInvalid': 'Enter a link starting with https:// or http://',
  'validation.currentPasswordRequired': 'Enter your current password',
  'validation.passwordSame': 'The new password must be different from the current one',
  'validation.pageInvalid': 'Invalid page number',
  'validation.pageSizeInvalid': 'Invalid page size',
  'validation.searchTooLong': 'The search text is too long (at most 100 characters)',
  'validation.sortInvalid': 'Sort by name, email, company, role, status or createdAt',
  'validation.orderInvalid': 'Order must be asc or desc',
  'validation.statusInvalid': 'Status must be all, active, pending, banned or rejected',
  'validation.userRefInvalid': 'Invalid user',
  'validation.idsRequired': 'Select at least one user',
  'validation.tooManyIds': 'Select at most 100 users at a time',
  'validation.sessionInvalid': 'Invalid session',
  'validation.versionInvalid': 'Invalid version',
  'validation.filterInvalid': 'Filter must be all or unread',
  'validation.fileUseInvalid': 'Unknown kind of file',
  'validation.fileIdInvalid': 'Invalid file',
  'validation.presenceInvalid': 'Status must be online, away, busy or offline',
  'validation.userIdsInvalid': 'Give between 1 and 200 user ids, separated by commas',
  'validation.conversationKeyInvalid': 'Unknown conversation',
  'validation.messageRequired': 'Write a message or attach a file',
  'validation.messageTooLong': 'The message is too long (at most 5,000 characters)',
  'validation.contentTypeInvalid': 'Content type must be text, image or file',
  'validation.tooManyAttachments': 'Attach at most 10 files',
  'validation.clientIdInvalid': 'Invalid message id',
  'validation.recipientsRequired': 'Choose at least one recipient',
  'validation.tooManyRecipients': 'Choose at most 50 recipients',
  'validation.cursorInvalid': 'Invalid position in the list; start again from the first page',
  'validation.mailLabelInvalid': 'Unknown label',
  'validation.mailIdInvalid': 'Unknown mail',
  'validation.mailIdsRequired': 'Select between 1 and 200 mails',
  'validation.mailRecipientsRequired': 'Add at least one recipient',
  'validation.mailTooManyRecipients': 'At most 100 recipients per mail',
  'validation.mailActionInvalid': 'Unknown action',
  'validation.mailLabelNameRequired': 'Give the label a name',
  'validation.colorInvalid': 'Choose one of the colours',
} as const;

export type ValidationKey = keyof typeof validationMessagesEn;

export function validationMessageEn(key: string): string {
  return (validationMessagesEn as Record<string, string>)[key] ?? key;
}
