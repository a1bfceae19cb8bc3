import { z } from 'zod';

import { versionField } from './common.ts';

/**
 * Workspace settings (issue 24 A): instance-wide policies administrators change from the Workspace settings
 * page. One row; every field has a default, so a new instance works before anyone saves anything.
 */
export const signupModes = ['open', 'verify', 'approval', 'invite', 'closed'] as const;
export type SignupMode = (typeof signupModes)[number];

const count = (max: number) =>
  z.number({ error: 'validation.numberInvalid' }).int().min(0, 'validation.numberInvalid').max(max);

/** 1 TiB: more than any one person's share of a self-hosted instance. */
export const STORAGE_QUOTA_MAX = 1024 ** 4;
export const GIB = 1024 ** 3;

export const mailQuotaSchema = z.object({
  /** External recipients one person may mail per hour. */
  perPersonHour: count(100_000),
  /** … and per day. */
  perPersonDay: count(1_000_000),
  /** External recipients the whole instance may mail per day. */
  instanceDay: count(10_000_000),
});
export type MailQuota = z.infer<typeof mailQuotaSchema>;

export const workspaceSettingsFields = z.object({
  signup: z.enum(signupModes),
  /** In `invite` mode (and any other): may members, not only administrators, invite people? */
  membersMayInvite: z.boolean(),
  mailQuota: mailQuotaSchema,
  /** Default storage quota of a person, bytes (administrators may set another one per person). */
  storageQuotaBytes: count(STORAGE_QUOTA_MAX),
  /**
   * The file manager (issue 27, ADR 046): older versions kept per file (the current one not counted), and
   * days a trashed item is kept before it is deleted forever. Optional: absent means the default
   * (FILE_VERSIONS_KEPT_DEFAULT, TRASH_RETENTION_DAYS_DEFAULT in file-limits.ts).
   */
  fileVersionsKept: count(1000).optional(),
  trashRetentionDays: z
    .number({ error: 'validation.numberInvalid' })
    .int()
    .min(1, 'validation.numberInvalid')
    .max(3650)
    .optional(),
});
export type WorkspaceSettingsFields = z.infer<typeof workspaceSettingsFields>;

export const workspaceSettingsSchema = workspaceSettingsFields.extend({ version: z.number().int() });
export type WorkspaceSettings = z.infer<typeof workspaceSettingsSchema>;

export const updateWorkspaceSettingsInput = workspaceSettingsFields
  .partial()
  .extend({ version: versionField });
export type UpdateWorkspaceSettingsInput = z.infer<typeof updateWorkspaceSettingsInput>;

export const defaultWorkspaceSettings = (signup: SignupMode): WorkspaceSettingsFields => ({
  signup,
  membersMayInvite: false,
  mailQuota: { perPersonHour: 50, perPersonDay: 200, instanceDay: 2000 },
  storageQuotaBytes: GIB,
});

// ── sign-up policy and invitations ────────────────────────────────────────────────────────────────────

/** What the register page needs before anyone signs in: the policy, and whether this is the first account. */
export const signupPolicyResponse = z.object({
  signup: z.enum(signupModes),
  /** No account exists yet: whoever registers becomes the administrator, whatever the policy. */
  firstAccount: z.boolean(),
});
export type SignupPolicy = z.infer<typeof signupPolicyResponse>;

/** Invitation links are valid this long (issue 24 A). */
export const INVITATION_DAYS = 7;

export const invitationStatuses = ['pending', 'accepted', 'expired', 'revoked'] as const;
export type InvitationStatus = (typeof invitationStatuses)[number];

export const invitationSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  status: z.enum(invitationStatuses),
  invitedBy: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  expiresAt: z.iso.datetime({ offset: true }),
  acceptedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type Invitation = z.infer<typeof invitationSchema>;

export const invitationListResponse = z.object({ invitations: z.array(invitationSchema) });
export type InvitationList = z.infer<typeof invitationListResponse>;

export const createInvitationInput = z.object({
  email: z
    .string({ error: 'validation.emailRequired' })
    .trim()
    .toLowerCase()
    .min(1, 'validation.emailRequired')
    .max(254, 'validation.emailInvalid')
    .pipe(z.email({ error: 'validation.emailInvalid' })),
});
export type CreateInvitationInput = z.infer<typeof createInvitationInput>;

export const invitationResponse = z.object({ invitation: invitationSchema });

export const invitationIdParams = z.object({ id: z.uuid({ error: 'validation.invitationIdInvalid' }) });

export const invitationPreviewQuery = z.object({
  token: z.string().trim().min(1, 'validation.inviteInvalid').max(200, 'validation.inviteInvalid'),
});
/** What the register page shows for an invitation link: whom it is for and who sent it. */
export const invitationPreviewResponse = z.object({
  email: z.string(),
  invitedBy: z.string().nullable(),
  expiresAt: z.iso.datetime({ offset: true }),
});
export type InvitationPreview = z.infer<typeof invitationPreviewResponse>;
