import { z } from 'zod';

import { PASSWORD_MAX, PASSWORD_MIN } from '../lib/password-policy.ts';
import { profileVisibilities, roles, userStatuses } from './user-enums.ts';

export { profileVisibilities, roles, userStatuses };

export const roleSchema = z.enum(roles);
export type Role = z.infer<typeof roleSchema>;

export const userStatusSchema = z.enum(userStatuses);
export type UserStatus = z.infer<typeof userStatusSchema>;

/** Trimmed and lower-cased, as stored (ARCHITECTURE.md §4). */
export const emailSchema = z
  .string({ error: 'validation.emailRequired' })
  .trim()
  .toLowerCase()
  .min(1, 'validation.emailRequired')
  .max(254, 'validation.emailInvalid')
  .pipe(z.email({ error: 'validation.emailInvalid' }));

/**
 * Length only: no composition rules (ASVS 6.2.5). The common-password check needs the bundled list and
 * runs on the server; the client shows the server's answer.
 */
export const passwordSchema = z
  .string({ error: 'validation.passwordRequired' })
  .min(1, 'validation.passwordRequired')
  .min(PASSWORD_MIN, 'validation.passwordTooShort')
  .max(PASSWORD_MAX, 'validation.passwordTooLong');

const nameSchema = (required: string) =>
  z.string({ error: required }).trim().min(1, required).max(80, 'validation.nameTooLong');

/** A 6-digit one-time code (password reset, email verification). */
export const codeSchema = z
  .string({ error: 'validation.codeRequired' })
  .trim()
  .regex(/^\d{6}$/, 'validation.codeInvalid');

export const registerInput = z.object({
  email: emailSchema,
  password: passwordSchema,
  firstName: nameSchema('validation.firstNameRequired'),
  lastName: nameSchema('validation.lastNameRequired'),
  /** The token of an invitation link (`/auth/register?invite=…`), needed when sign-up is by invitation. */
  inviteToken: z.string().trim().max(200, 'validation.inviteInvalid').optional(),
});
export type RegisterInput = z.infer<typeof registerInput>;

// The sign-in form without JavaScript and the signed-in hint cookie: zod-free, for the app's first load.
export {
  LOGIN_FORM_ACTION,
  SIGNED_IN_COOKIE,
  loginFormErrors,
  type LoginFormError,
} from '../lib/no-script-forms.ts';

export const loginInput = z.object({
  email: emailSchema,
  // Sign-in only checks presence and the upper bound: old accounts may predate a stricter policy.
  password: z
    .string({ error: 'validation.passwordRequired' })
    .min(1, 'validation.passwordRequired')
    .max(PASSWORD_MAX, 'validation.passwordTooLong'),
});
export type LoginInput = z.infer<typeof loginInput>;

export const forgotPasswordInput = z.object({ email: emailSchema });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordInput>;

export const newPasswordInput = z.object({
  email: emailSchema,
  code: codeSchema,
  password: passwordSchema,
});
export type NewPasswordInput = z.infer<typeof newPasswordInput>;

export const verifyEmailInput = z.object({ email: emailSchema, code: codeSchema });
export type VerifyEmailInput = z.infer<typeof verifyEmailInput>;

/** Profile links as stored: each an http(s) URL or '' (inputs: contract/users.ts). */
export const socialLinksOutput = z.object({
  facebook: z.string(),
  instagram: z.string(),
  linkedin: z.string(),
  twitter: z.string(),
});

export const profileVisibilitySchema = z.enum(profileVisibilities, { error: 'validation.visibilityInvalid' });
/** Who besides administrators sees the person's email address and phone number (the postal address: nobody). */
export const privacyOutput = z.object({ email: profileVisibilitySchema, phone: profileVisibilitySchema });
export type Privacy = z.infer<typeof privacyOutput>;

/** The account page's notification switches (inputs and defaults: contract/users.ts). */
export const notificationsOutput = z.object({
  activityComments: z.boolean(),
  activityAnswers: z.boolean(),
  activityFollows: z.boolean(),
  applicationNews: z.boolean(),
  applicationProduct: z.boolean(),
  applicationBlog: z.boolean(),
});

/**
 * The user as their own account and admins see it: never a password hash, code or token. Other users see
 * `publicUserSchema` (contract/users.ts).
 */
export const userSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  displayName: z.string(),
  role: roleSchema,
  status: userStatusSchema,
  avatarUrl: z.string().nullable(),
  emailVerified: z.boolean(),
  createdAt: z.iso.datetime({ offset: true }),
  /** Unique URL name derived from the name (`ada-lovelace`, `ada-lovelace-2`); routes take it or the id. */
  slug: z.string(),
  phone: z.string(),
  country: z.string(),
  state: z.string(),
  city: z.string(),
  address: z.string(),
  zipCode: z.string(),
  company: z.string(),
  about: z.string(),
  coverUrl: z.string().nullable(),
  socialLinks: socialLinksOutput,
  notifications: notificationsOutput,
  privacy: privacyOutput,
  updatedAt: z.iso.datetime({ offset: true }),
  /** Raised by every write; an edit sends the version it was based on (ADR 017). */
  version: z.number().int(),
  /** The storage quota an administrator set for this person, bytes; null = the workspace's default. */
  storageQuotaBytes: z.number().int().nullable(),
});
export type User = z.infer<typeof userSchema>;

export const authResponse = z.object({ accessToken: z.string(), user: userSchema });
export type AuthResponse = z.infer<typeof authResponse>;

export const myAccountResponse = z.object({ user: userSchema });
export type MyAccountResponse = z.infer<typeof myAccountResponse>;

/** Neutral answer of forgot-password and resend-verification, whether or not the account exists. */
export const messageResponse = z.object({ message: z.string() });

/**
 * Public facts the sign-in page and the shop need: the demo account's email when demo data is seeded (its
 * password is random per install and never leaves the server's console and DATA_DIR, ADR 012), and the
 * currency prices are in.
 */
export const publicConfigResponse = z.object({
  demo: z.object({ email: z.string() }).nullable(),
  /** The shop's currency (ISO 4217): every price in the API is integer cents of it. */
  currency: z.string(),
});
export type PublicConfig = z.infer<typeof publicConfigResponse>;
