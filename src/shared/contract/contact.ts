/**
 * The contact form (`/contact-us`) and the admins' inbox of its messages: `POST /api/contact` (public) and
 * `GET /api/contact` (admins). Validation messages are i18n keys: `validation.*` (English texts in
 * lib/validation-messages.ts) and `contact.errors.*` (English texts below; the web app translates them).
 */
import { z } from 'zod';

import { listPageSchema, pageFields } from './list.ts';

import { emailSchema } from './account.ts';

export const CONTACT_LIMITS = { name: 80, subject: 150, message: 5000 } as const;

/** How many messages one client address may send per window (the server enforces it). */
export { CONTACT_FORM_ACTION, contactFormErrors, type ContactFormError } from '../lib/no-script-forms.ts';

export const CONTACT_RATE_LIMIT = { max: 5, windowSeconds: 10 * 60 } as const;

/** English texts of the `contact.errors.*` keys, for the API's 400 answers. */
export const contactMessagesEn = {
  'contact.errors.nameRequired': 'Name is required',
  'contact.errors.subjectRequired': 'Subject is required',
  'contact.errors.messageRequired': 'Message is required',
  'contact.errors.messageTooLong': `The message is too long (at most ${CONTACT_LIMITS.message} characters)`,
  'contact.errors.lineBreak': 'Line breaks are not allowed here',
} as const;

export type ContactMessageKey = keyof typeof contactMessagesEn;

/** CR or LF would let a value start a new mail header (`\r\nBcc: …`; SECURITY.md V9). */
const hasNoLineBreak = (value: string) => !/[\r\n]/.test(value);

const requiredText = (required: ContactMessageKey) => z.string({ error: required });

export const contactInput = z.strictObject({
  name: requiredText('contact.errors.nameRequired')
    .refine(hasNoLineBreak, 'contact.errors.lineBreak')
    .transform((v) => v.trim())
    .pipe(
      z.string().min(1, 'contact.errors.nameRequired').max(CONTACT_LIMITS.name, 'validation.nameTooLong'),
    ),
  // Checked before emailSchema trims it, so a trailing "\r\nBcc: …" is refused, not silently cut.
  email: z
    .string({ error: 'validation.emailRequired' })
    .refine(hasNoLineBreak, 'contact.errors.lineBreak')
    .pipe(emailSchema),
  subject: requiredText('contact.errors.subjectRequired')
    .refine(hasNoLineBreak, 'contact.errors.lineBreak')
    .transform((v) => v.trim())
    .pipe(
      z
        .string()
        .min(1, 'contact.errors.subjectRequired')
        .max(CONTACT_LIMITS.subject, 'validation.fieldTooLong'),
    ),
  message: requiredText('contact.errors.messageRequired')
    .trim()
    .min(1, 'contact.errors.messageRequired')
    .max(CONTACT_LIMITS.message, 'contact.errors.messageTooLong'),
});
/** What the form holds (before trimming). */
export type ContactFormValues = z.input<typeof contactInput>;
export type ContactInput = z.output<typeof contactInput>;

export const contactSentResponse = z.object({ message: z.string() });
export type ContactSentResponse = z.infer<typeof contactSentResponse>;

export const contactMessageSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  /** The sender's account when they were signed in; null for visitors. */
  userId: z.uuid().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;

export const listContactMessagesQuery = z.object(pageFields(20));
export type ListContactMessagesQuery = z.infer<typeof listContactMessagesQuery>;

/** Newest first. */
export const contactMessagePage = listPageSchema('messages', contactMessageSchema);
export type ContactMessagePage = z.infer<typeof contactMessagePage>;
