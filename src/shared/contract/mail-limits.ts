/** The mail's limits and names without zod (the mail pages use them without loading the schemas). */
export const MAIL_RECIPIENTS_MAX = 100;
export const MAIL_SUBJECT_MAX = 255;
/** HTML as the editor sends it, before sanitising. */
export const MAIL_BODY_MAX = 200_000;
export const MAIL_ATTACHMENTS_MAX = 10;
export const MAIL_PAGE = 30;
export const MAIL_BULK_MAX = 200;
export const MAIL_LABEL_NAME_MAX = 40;
export const MAIL_LABELS_MAX = 50;
/**
 * Address suggestions (`GET /api/mail/contacts`) start at this many typed characters (a shorter search
 * answers an empty list, not an error) and give at most MAIL_SUGGESTIONS_MAX people: enough to pick from,
 * too few to copy the directory.
 */
export const MAIL_SUGGEST_MIN = 2;
export const MAIL_SUGGESTIONS_MAX = 10;

export const mailFolders = ['inbox', 'sent', 'drafts', 'trash', 'spam', 'archive'] as const;
export type MailFolder = (typeof mailFolders)[number];

/** The spec's system labels: folders, plus `all` (everything but trash and spam), `important`, `starred`. */
export const systemLabels = [
  'all',
  'inbox',
  'sent',
  'drafts',
  'trash',
  'spam',
  'important',
  'starred',
] as const;
export type SystemLabel = (typeof systemLabels)[number];

/** The theme's label colours. */
export const labelColors = ['primary', 'secondary', 'info', 'success', 'warning', 'error'] as const;
