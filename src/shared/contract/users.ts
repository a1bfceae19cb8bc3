/**
 * Users, profiles, follows, uploads and the audit log: every request and response of `/api/users`,
 * `/api/account/*` (self-service) and `/api/audit-log`. Validation messages are i18n keys
 * (`validation.*`, English texts in lib/validation-messages.ts).
 */
import { z } from 'zod';

import { PASSWORD_MAX } from '../lib/password-policy.ts';
import { versionField } from './common.ts';
import { FILE_LIMITS, type PublicFileUse } from './files.ts';
import {
  cursorField,
  cursorInfoFields,
  endBoundField,
  listPageSchema,
  orderField,
  pageFields,
  searchField as listSearchField,
  startBoundField,
} from './list.ts';
import {
  emailSchema,
  notificationsOutput,
  passwordSchema,
  privacyOutput,
  roleSchema,
  socialLinksOutput,
  userSchema,
  userStatusSchema,
} from './account.ts';
import {
  PAGE_SIZE_MAX,
  SEARCH_MAX,
  signInDevices,
  userSortKeys,
  type SignInDevice,
  type UserSortKey,
} from './user-enums.ts';

import { STORAGE_QUOTA_MAX } from './workspace.ts';

export { PAGE_SIZE_MAX, SEARCH_MAX, signInDevices, userSortKeys, type SignInDevice, type UserSortKey };

// ── limits ──────────────────────────────────────────────────────────────────────────────────────────────

export const BULK_DELETE_MAX = 100;
/** Largest profile picture accepted, in bytes (5 MiB), and its types: the files block's limits (ADR 018). */
export const UPLOAD_MAX_BYTES = FILE_LIMITS.avatar.maxBytes;
export const UPLOAD_TYPES = FILE_LIMITS.avatar.types;

// ── fields ──────────────────────────────────────────────────────────────────────────────────────────────

const text = (max: number) => z.string().trim().max(max, 'validation.fieldTooLong');
const nameField = (required: string) =>
  z.string({ error: required }).trim().min(1, required).max(80, 'validation.nameTooLong');

export const phoneSchema = text(30).regex(/^[0-9+()\-.\s]*$/, 'validation.phoneInvalid');

function isHttpUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.length > 0;
}

/** An http(s) link or '' (none). Other schemes (javascript:, data:) are refused. */
export const linkSchema = text(300).refine((v) => v === '' || isHttpUrl(v), 'validation.urlInvalid');

export const socialNetworks = ['facebook', 'instagram', 'linkedin', 'twitter'] as const;
export const socialLinksSchema = z.strictObject({
  facebook: linkSchema,
  instagram: linkSchema,
  linkedin: linkSchema,
  twitter: linkSchema,
});
export type SocialLinks = z.infer<typeof socialLinksSchema>;

/** The account page's Notifications tab. */
export const notificationKeys = notificationsOutput.keyof().options;
export type NotificationKey = (typeof notificationKeys)[number];
export const notificationsSchema = z.strictObject(notificationsOutput.shape);
export type Notifications = z.infer<typeof notificationsSchema>;
export const defaultNotifications: Notifications = {
  activityComments: true,
  activityAnswers: true,
  activityFollows: false,
  applicationNews: true,
  applicationProduct: false,
  applicationBlog: false,
};

/** Profile fields a user may edit on themself (and an admin on anyone); '' = not given. */
const nameFields = {
  firstName: nameField('validation.firstNameRequired'),
  lastName: nameField('validation.lastNameRequired'),
};
/**
 * The free-text profile fields after the name, in the forms' order: what a user edits about themself, the
 * admin form shows and the audit log names.
 */
export const profileDetailFields = [
  'phone',
  'country',
  'state',
  'city',
  'address',
  'zipCode',
  'company',
  'about',
] as const;

const detailFields = {
  phone: phoneSchema.optional(),
  country: text(80).optional(),
  state: text(80).optional(),
  city: text(80).optional(),
  address: text(200).optional(),
  zipCode: text(20).optional(),
  company: text(120).optional(),
  about: text(2000).optional(),
  /** Only the networks sent change. */
  socialLinks: socialLinksSchema.partial().optional(),
};

// ── the admin list ──────────────────────────────────────────────────────────────────────────────────────

const searchField = listSearchField();

export const pageQuery = z.object(pageFields(20));
export type PageQuery = z.infer<typeof pageQuery>;

/** The kinds of device a sign-in came from, as "Sessions by device" groups them (`other`: none named). */

export const listUsersQuery = z
  .object({
    ...pageFields(10),
    /** `created` is accepted as another name of `createdAt`. */
    sort: z
      .enum([...userSortKeys, 'created'], { error: 'validation.sortInvalid' })
      .transform((v): UserSortKey => (v === 'created' ? 'createdAt' : v))
      .default('createdAt'),
    order: orderField('desc'),
    role: roleSchema.optional(),
    /** `all` (or absent) = every status. */
    status: z
      .enum(['all', ...userStatusSchema.options], { error: 'validation.statusInvalid' })
      .default('all'),
    /** Matches name, email, company and phone (case-insensitive substring). */
    search: searchField,
    /** The country on the profile, exactly as written there (what the overview's country figures group by). */
    country: text(80)
      .optional()
      .transform((v) => v || undefined),
    /**
     * Accounts created at or after: the start of this day (UTC), or this instant (the overview's links send
     * the start of the viewer's day with its offset).
     */
    createdFrom: startBoundField(),
    /** Accounts created before the end of this day (UTC), or before this instant. */
    createdTo: endBoundField(),
    /**
     * Accounts that signed in from this kind of device (read from the sign-in's User-Agent as the sessions
     * list and the overview's "Sessions by device" read it), within `signedInFrom`/`signedInTo` when given.
     */
    device: z.enum(signInDevices, { error: 'validation.deviceInvalid' }).optional(),
    /** Accounts with a sign-in at or after: the start of this day (UTC), or this instant. */
    signedInFrom: startBoundField(),
    /** Accounts with a sign-in before the end of this day (UTC), or before this instant. */
    signedInTo: endBoundField(),
  })
  .refine((q) => !q.createdFrom || !q.createdTo || q.createdFrom < q.createdTo, {
    message: 'validation.dateRangeInvalid',
    path: ['createdTo'],
  })
  .refine((q) => !q.signedInFrom || !q.signedInTo || q.signedInFrom < q.signedInTo, {
    message: 'validation.dateRangeInvalid',
    path: ['signedInTo'],
  });
export type ListUsersQuery = z.input<typeof listUsersQuery>;

export const statusCountsSchema = z.object({
  all: z.number().int(),
  active: z.number().int(),
  pending: z.number().int(),
  banned: z.number().int(),
  rejected: z.number().int(),
});
export type StatusCounts = z.infer<typeof statusCountsSchema>;
export type StatusKey = keyof StatusCounts;

/** `total` is the count of the selected status tab (a lower bound when that tab is in `capped`). */
export const userPageResponse = listPageSchema('users', userSchema).extend({
  /** Per status, for the tabs: under the current search and role filter, ignoring the status filter. */
  counts: statusCountsSchema,
  /** The counts that are lower bounds: the search matched more than the cap (1,000) users of that status. */
  capped: z.array(z.enum(['all', ...userStatusSchema.options])),
});
export type UserPage = z.infer<typeof userPageResponse>;

// ── admin create / edit / delete ────────────────────────────────────────────────────────────────────────

export const createUserInput = z.strictObject({
  ...nameFields,
  ...detailFields,
  email: emailSchema,
  role: roleSchema.default('user'),
  status: userStatusSchema.default('active'),
  emailVerified: z.boolean().default(false),
  /**
   * Optional first password. Without one the account gets an unusable password and the user sets theirs
   * through "forgot password" (the invitation mail says so).
   */
  password: passwordSchema.optional(),
});
export type CreateUserInput = z.input<typeof createUserInput>;

export const updateUserInput = z.strictObject({
  firstName: nameFields.firstName.optional(),
  lastName: nameFields.lastName.optional(),
  ...detailFields,
  email: emailSchema.optional(),
  role: roleSchema.optional(),
  status: userStatusSchema.optional(),
  emailVerified: z.boolean().optional(),
  /** null removes the picture (the file stays in the user's gallery). */
  avatarUrl: z.null().optional(),
  coverUrl: z.null().optional(),
  /** The person's storage quota in bytes (issue 24 C); null = the workspace's default. */
  storageQuotaBytes: z
    .number({ error: 'validation.storageQuotaInvalid' })
    .int('validation.storageQuotaInvalid')
    .min(0, 'validation.storageQuotaInvalid')
    .max(STORAGE_QUOTA_MAX, 'validation.storageQuotaInvalid')
    .nullable()
    .optional(),
  /** The version the edit was based on; older than the stored one = 409 STALE with the current user. */
  version: versionField.optional(),
});
export type UpdateUserInput = z.input<typeof updateUserInput>;

/** A user by id (uuid) or by URL name (slug). */
export const userRefParams = z.object({
  id: z
    .string()
    .trim()
    .toLowerCase()
    .min(1, 'validation.userRefInvalid')
    .max(120, 'validation.userRefInvalid')
    .regex(/^[a-z0-9-]+$/, 'validation.userRefInvalid'),
});

export const bulkDeleteInput = z.strictObject({
  ids: z
    .array(z.uuid({ error: 'validation.userRefInvalid' }))
    .min(1, 'validation.idsRequired')
    .max(BULK_DELETE_MAX, 'validation.tooManyIds'),
});
export type BulkDeleteInput = z.infer<typeof bulkDeleteInput>;
export const bulkDeleteResponse = z.object({ deleted: z.number().int() });

export const userResponse = z.object({ user: userSchema });
export type UserResponse = z.infer<typeof userResponse>;

// ── public profiles (any signed-in user) ────────────────────────────────────────────────────────────────

/** What any signed-in user may see of another: never email, phone, address, status or settings. */
export const publicUserSchema = z.object({
  id: z.uuid(),
  slug: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  displayName: z.string(),
  role: roleSchema,
  avatarUrl: z.string().nullable(),
  coverUrl: z.string().nullable(),
  about: z.string(),
  company: z.string(),
  country: z.string(),
  socialLinks: socialLinksOutput,
  followerCount: z.number().int(),
  followingCount: z.number().int(),
  /** Whether the caller follows this user. */
  isFollowing: z.boolean(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

export const publicUserPageResponse = listPageSchema('users', publicUserSchema).extend({
  /** True when `total` is the cap (1,000) standing for "more than that" (a broad card search). */
  totalCapped: z.boolean().optional(),
});
export type PublicUserPage = z.infer<typeof publicUserPageResponse>;

/** The user cards page: active users, searched by name only (never by private fields). */
export const listCardsQuery = z.object({
  ...pageFields(12),
  search: searchField,
});
export type ListCardsQuery = z.input<typeof listCardsQuery>;

export const profileResponse = z.object({ user: publicUserSchema });
export type ProfileResponse = z.infer<typeof profileResponse>;

export const followResponse = z.object({
  isFollowing: z.boolean(),
  followerCount: z.number().int(),
});
export type FollowResponse = z.infer<typeof followResponse>;

// ── images ──────────────────────────────────────────────────────────────────────────────────────────────

/** A profile's gallery: its owner's pictures of these uses (product pictures belong to their products). */
export const imageKinds = ['avatar', 'cover', 'photo'] as const satisfies readonly PublicFileUse[];
export type ImageKind = (typeof imageKinds)[number];
export const userImageSchema = z.object({
  id: z.uuid(),
  kind: z.enum(imageKinds),
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type UserImage = z.infer<typeof userImageSchema>;

export const galleryResponse = listPageSchema('images', userImageSchema);
export type GalleryResponse = z.infer<typeof galleryResponse>;
export const imageResponse = z.object({ image: userImageSchema });
export const imageParams = z.object({ imageId: z.uuid({ error: 'validation.userRefInvalid' }) });

// ── self-service (/api/account) ─────────────────────────────────────────────────────────────────────────

/**
 * PATCH /api/account/my-account. Strict: role, status, emailVerified, id or anything unknown → 400.
 * Changing `email` needs `currentPassword` and marks the new address unverified.
 */
export const updateMyAccountInput = z.strictObject({
  firstName: nameFields.firstName.optional(),
  lastName: nameFields.lastName.optional(),
  ...detailFields,
  /** Only the switches sent change. */
  notifications: notificationsSchema.partial().optional(),
  /** Who sees my email address and phone number; only the fields sent change. */
  privacy: z.strictObject(privacyOutput.shape).partial().optional(),
  email: emailSchema.optional(),
  currentPassword: z
    .string()
    .min(1, 'validation.currentPasswordRequired')
    .max(PASSWORD_MAX, 'validation.passwordTooLong')
    .optional(),
  avatarUrl: z.null().optional(),
  coverUrl: z.null().optional(),
});
export type UpdateMyAccountInput = z.input<typeof updateMyAccountInput>;

/** POST /api/account/my-account/delete: deleting my own account takes my password again (ADR 058). */
export const deleteMyAccountInput = z.strictObject({
  currentPassword: z
    .string({ error: 'validation.currentPasswordRequired' })
    .min(1, 'validation.currentPasswordRequired')
    .max(PASSWORD_MAX, 'validation.passwordTooLong'),
});
export type DeleteMyAccountInput = z.infer<typeof deleteMyAccountInput>;

/**
 * My data export (ADR 058): a zip of everything that is mine, built in the background. `expired` once its
 * link has lapsed (the zip is then gone); `failed` when it could not be built.
 */
export const accountExportStatuses = ['preparing', 'ready', 'expired', 'failed'] as const;
export const accountExportSchema = z.object({
  id: z.uuid(),
  status: z.enum(accountExportStatuses),
  /** Bytes of the zip, once ready. */
  size: z.number().int().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  readyAt: z.iso.datetime({ offset: true }).nullable(),
  expiresAt: z.iso.datetime({ offset: true }).nullable(),
});
export type AccountExport = z.infer<typeof accountExportSchema>;
/** GET /api/account/exports: my exports, newest first (the last few). */
export const accountExportsResponse = z.object({ exports: z.array(accountExportSchema) });
export type AccountExportsResponse = z.infer<typeof accountExportsResponse>;
export const accountExportResponse = z.object({ export: accountExportSchema });
export type AccountExportResponse = z.infer<typeof accountExportResponse>;
export const accountExportParams = z.object({ id: z.uuid({ error: 'validation.idInvalid' }) });

export const changePasswordInput = z
  .object({
    currentPassword: z
      .string({ error: 'validation.currentPasswordRequired' })
      .min(1, 'validation.currentPasswordRequired')
      .max(PASSWORD_MAX, 'validation.passwordTooLong'),
    newPassword: passwordSchema,
  })
  .refine((v) => v.currentPassword !== v.newPassword, {
    path: ['newPassword'],
    message: 'validation.passwordSame',
  });
export type ChangePasswordInput = z.infer<typeof changePasswordInput>;

export const sessionSchema = z.object({
  id: z.uuid(),
  userAgent: z.string().nullable(),
  /** Parsed from the user agent: "Chrome on macOS". */
  label: z.string(),
  browser: z.string(),
  os: z.string(),
  device: z.enum(['desktop', 'mobile', 'tablet', 'unknown']),
  ip: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  lastUsedAt: z.iso.datetime({ offset: true }),
  /** The session of this request. */
  current: z.boolean(),
});
export type Session = z.infer<typeof sessionSchema>;
export const sessionsResponse = z.object({ sessions: z.array(sessionSchema) });
export type SessionsResponse = z.infer<typeof sessionsResponse>;
export const sessionParams = z.object({ id: z.uuid({ error: 'validation.sessionInvalid' }) });

// ── audit log ───────────────────────────────────────────────────────────────────────────────────────────

export const auditActions = [
  'user.create',
  'user.update',
  'user.ban',
  'user.delete',
  'user.bulk_delete',
  'user.avatar',
] as const;
export type AuditAction = (typeof auditActions)[number];

export const auditEntrySchema = z.object({
  id: z.uuid(),
  action: z.string(),
  actorId: z.uuid().nullable(),
  /** The actor's current name; null when the actor was deleted. */
  actorName: z.string().nullable(),
  targetUserId: z.uuid().nullable(),
  /** Name and email of the target when the action happened. */
  targetLabel: z.string(),
  /** field → [old, new]; never a password. */
  changes: z.record(z.string(), z.tuple([z.unknown(), z.unknown()])),
  ip: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditLogQuery = z.object({
  ...pageFields(20),
  /** The previous answer's `nextCursor` (keyset paging; `page` is then ignored). */
  cursor: cursorField,
  targetUserId: z.uuid({ error: 'validation.userRefInvalid' }).optional(),
});
export type AuditLogQuery = z.input<typeof auditLogQuery>;

/** Newest first. */
export const auditLogResponse = listPageSchema('entries', auditEntrySchema).extend(cursorInfoFields);
export type AuditLogPage = z.infer<typeof auditLogResponse>;
