/**
 * Mail (issue #11): `/api/mail/*`. The spec's three calls keep their paths and answer fields (`labels`,
 * `mails`, `mail`); sending, drafts, state changes and custom labels are ours (the spec's mock had none).
 *
 * A message is stored once; every participant (the sender, each recipient on the instance) has a mailbox
 * entry of their own with its own state. A mail's `id` is the caller's entry: another user's id is 404.
 */
import { z } from 'zod';

import { fileSchema } from './files.ts';
import { cursorField, cursorInfoFields, searchField } from './list.ts';
import {
  labelColors,
  MAIL_ATTACHMENTS_MAX,
  MAIL_BODY_MAX,
  MAIL_BULK_MAX,
  MAIL_LABEL_NAME_MAX,
  MAIL_LABELS_MAX,
  MAIL_PAGE,
  MAIL_RECIPIENTS_MAX,
  MAIL_SUBJECT_MAX,
  mailFolders,
  systemLabels,
} from './mail-limits.ts';

export * from './mail-limits.ts';

export const mailLabelSchema = z.object({
  /** The system label's name (`inbox`…), or the custom label's id. */
  id: z.string(),
  type: z.enum(['system', 'custom']),
  name: z.string(),
  color: z.enum(labelColors).nullable(),
  /** Unread mails under the label (drafts: how many drafts). */
  unreadCount: z.number().int(),
});
export type MailLabel = z.infer<typeof mailLabelSchema>;

export const mailAddressSchema = z.object({
  name: z.string(),
  email: z.string(),
  /** The person on this instance the address belongs to, if any (for their avatar). */
  userId: z.uuid().nullable(),
  avatarUrl: z.string().nullable(),
});
export type MailAddress = z.infer<typeof mailAddressSchema>;

const mailSummaryFields = {
  id: z.uuid(),
  folder: z.enum(mailFolders),
  subject: z.string(),
  /** The start of the text, for the list. */
  excerpt: z.string(),
  from: mailAddressSchema,
  to: z.array(mailAddressSchema),
  /** When it was sent (drafts: last saved). */
  createdAt: z.iso.datetime({ offset: true }),
  isUnread: z.boolean(),
  isStarred: z.boolean(),
  isImportant: z.boolean(),
  /** The custom labels' ids on this mail. */
  labelIds: z.array(z.uuid()),
  attachmentCount: z.number().int(),
};

export const mailSummarySchema = z.object(mailSummaryFields);
export type MailSummary = z.infer<typeof mailSummarySchema>;

export const mailSchema = z.object({
  ...mailSummaryFields,
  cc: z.array(mailAddressSchema),
  /** Only on the sender's own copy; never shown to anyone else. */
  bcc: z.array(mailAddressSchema),
  /** Sanitised HTML (no scripts, handlers, `javascript:` links, forms, frames or styles). */
  message: z.string(),
  attachments: z.array(fileSchema),
  /** The caller's entry of the mail this one answers, when they have it. */
  inReplyTo: z.uuid().nullable(),
  /** External addresses that could not be delivered (no SMTP configured): the sender's copy only. */
  undelivered: z.array(z.string()),
});
export type Mail = z.infer<typeof mailSchema>;

// ── requests ─────────────────────────────────────────────────────────────────────────────────────────────

export const labelsResponse = z.object({ labels: z.array(mailLabelSchema) });

export const mailsQuery = z.object({
  systemLabel: z.enum(systemLabels, { error: 'validation.mailLabelInvalid' }).optional(),
  customLabel: z.uuid({ error: 'validation.mailLabelInvalid' }).optional(),
  search: searchField(),
  cursor: cursorField,
  limit: z.coerce.number().int().min(1).max(100).default(MAIL_PAGE),
});
export const mailsResponse = z.object({ mails: z.array(mailSummarySchema), ...cursorInfoFields });

export const mailQuery = z.object({ mailId: z.uuid({ error: 'validation.mailIdInvalid' }) });
export const mailResponse = z.object({ mail: mailSchema });

const address = z.email({ error: 'validation.emailInvalid' }).max(254, 'validation.emailInvalid');
const addresses = z.array(address).max(MAIL_RECIPIENTS_MAX, 'validation.mailTooManyRecipients').default([]);

const composeFields = {
  to: addresses,
  cc: addresses,
  bcc: addresses,
  subject: z.string().trim().max(MAIL_SUBJECT_MAX, 'validation.fieldTooLong').default(''),
  /** HTML from the editor; sanitised on the server. */
  message: z.string().max(MAIL_BODY_MAX, 'validation.fieldTooLong').default(''),
  /** Files uploaded first to `POST /api/files?use=attachment`, by the sender. */
  attachments: z
    .array(z.uuid({ error: 'validation.fileIdInvalid' }))
    .max(MAIL_ATTACHMENTS_MAX, 'validation.tooManyAttachments')
    .default([]),
  /** The caller's mail this one replies to or forwards. */
  inReplyTo: z.uuid({ error: 'validation.mailIdInvalid' }).nullable().default(null),
};

export const draftInput = z.object(composeFields);
export type DraftInput = z.input<typeof draftInput>;

export const sendMailInput = z
  .object({
    ...composeFields,
    /** The draft this send comes from: it becomes the sent mail. */
    draftId: z.uuid({ error: 'validation.mailIdInvalid' }).optional(),
  })
  .refine((mail) => mail.to.length + mail.cc.length + mail.bcc.length > 0, {
    message: 'validation.mailRecipientsRequired',
    path: ['to'],
  })
  .refine((mail) => mail.to.length + mail.cc.length + mail.bcc.length <= MAIL_RECIPIENTS_MAX, {
    message: 'validation.mailTooManyRecipients',
    path: ['to'],
  });
export type SendMailInput = z.input<typeof sendMailInput>;

export const mailIdParams = z.object({ id: z.uuid({ error: 'validation.mailIdInvalid' }) });

const mailIds = z
  .array(z.uuid({ error: 'validation.mailIdInvalid' }))
  .min(1, 'validation.mailIdsRequired')
  .max(MAIL_BULK_MAX, 'validation.mailIdsRequired');

export const mailActions = [
  'read',
  'unread',
  'star',
  'unstar',
  'important',
  'unimportant',
  'archive',
  'trash',
  'restore',
  'spam',
  'notSpam',
] as const;
export type MailAction = (typeof mailActions)[number];

/** One action on one or many of the caller's mails. */
export const updateMailsInput = z.object({
  mailIds,
  action: z.enum(mailActions, { error: 'validation.mailActionInvalid' }),
});
export const updatedResponse = z.object({ updated: z.number().int() });

/** Deletes forever: only mails in trash or spam (others are left as they are). */
export const deleteMailsInput = z.object({ mailIds });

export const applyLabelsInput = z.object({
  mailIds,
  add: z
    .array(z.uuid({ error: 'validation.mailLabelInvalid' }))
    .max(MAIL_LABELS_MAX)
    .default([]),
  remove: z
    .array(z.uuid({ error: 'validation.mailLabelInvalid' }))
    .max(MAIL_LABELS_MAX)
    .default([]),
});

export const labelInput = z.object({
  name: z
    .string({ error: 'validation.mailLabelNameRequired' })
    .trim()
    .min(1, 'validation.mailLabelNameRequired')
    .max(MAIL_LABEL_NAME_MAX, 'validation.fieldTooLong'),
  color: z.enum(labelColors, { error: 'validation.colorInvalid' }).default('primary'),
});
export const labelPatch = z.object({
  name: labelInput.shape.name.optional(),
  color: z.enum(labelColors, { error: 'validation.colorInvalid' }).optional(),
});
export const labelResponse = z.object({ label: mailLabelSchema });
export const labelIdParams = z.object({ id: z.uuid({ error: 'validation.mailLabelInvalid' }) });

/**
 * `GET /api/mail/contacts?search=`: people of the instance to write to (compose's address suggestions). At
 * least MAIL_SUGGEST_MIN characters (fewer: an empty list), at most MAIL_SUGGESTIONS_MAX people. A member is
 * offered the people who show their email address to members (by name or address), and anyone whose whole
 * address they typed; administrators everyone.
 */
export const mailContactsQuery = z.object({ search: searchField() });
export const mailContactsResponse = z.object({ contacts: z.array(mailAddressSchema) });
