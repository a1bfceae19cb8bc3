import type { FieldErrors, Resolver } from 'react-hook-form';

import { FILE_VERSIONS_KEPT_DEFAULT, TRASH_RETENTION_DAYS_DEFAULT } from '#shared/contract/file-limits.ts';
import {
  GIB,
  workspaceSettingsFields,
  type MailQuota,
  type SignupMode,
  type UpdateWorkspaceSettingsInput,
  type WorkspaceSettings,
  type WorkspaceSettingsFields,
} from '#shared/contract/workspace.ts';

type QuotaKey = keyof MailQuota;

/** The form's values: numbers as typed (strings), the storage quota in GB (1 GB = 1 GiB, like `fData`). */
export type SettingsFormValues = {
  signup: SignupMode;
  membersMayInvite: boolean;
  mailQuota: Record<QuotaKey, string>;
  storageGb: string;
  /** The file manager (issue 27): older versions kept per file, and days in the trash. */
  fileVersionsKept: string;
  trashRetentionDays: string;
};

export const quotaKeys = ['perPersonHour', 'perPersonDay', 'instanceDay'] as const satisfies QuotaKey[];

/** Bytes as GB for the field: at most two decimals (1 GiB → "1", 1.5 GiB → "1.5"). */
export const bytesToGb = (bytes: number): string => String(Math.round((bytes / GIB) * 100) / 100);

/** A typed GB value as bytes; NaN for an empty or non-numeric text (the schema refuses it). */
export const gbToBytes = (gb: string): number =>
  gb.trim() === '' ? Number.NaN : Math.round(Number(gb) * GIB);

/** A typed whole number; NaN for an empty text (Number('') would be 0). */
const toCount = (text: string): number => (text.trim() === '' ? Number.NaN : Number(text));

export function toFormValues(settings: WorkspaceSettings): SettingsFormValues {
  return {
    signup: settings.signup,
    membersMayInvite: settings.membersMayInvite,
    mailQuota: {
      perPersonHour: String(settings.mailQuota.perPersonHour),
      perPersonDay: String(settings.mailQuota.perPersonDay),
      instanceDay: String(settings.mailQuota.instanceDay),
    },
    storageGb: bytesToGb(settings.storageQuotaBytes),
    // Never saved: the server's defaults, shown as such.
    fileVersionsKept: String(settings.fileVersionsKept ?? FILE_VERSIONS_KEPT_DEFAULT),
    trashRetentionDays: String(settings.trashRetentionDays ?? TRASH_RETENTION_DAYS_DEFAULT),
  };
}

/** Every setting as the API takes it. */
export function toFields(values: SettingsFormValues): WorkspaceSettingsFields {
  return {
    signup: values.signup,
    membersMayInvite: values.membersMayInvite,
    mailQuota: {
      perPersonHour: toCount(values.mailQuota.perPersonHour),
      perPersonDay: toCount(values.mailQuota.perPersonDay),
      instanceDay: toCount(values.mailQuota.instanceDay),
    },
    storageQuotaBytes: gbToBytes(values.storageGb),
    fileVersionsKept: toCount(values.fileVersionsKept),
    trashRetentionDays: toCount(values.trashRetentionDays),
  };
}

/**
 * The PUT's body: the settings that differ from what the form was filled with (`initial`; an untouched
 * storage quota is not rounded to the GB shown) and the version it was filled from (ADR 017).
 */
export function toUpdate(
  values: SettingsFormValues,
  initial: SettingsFormValues,
  version: number,
): UpdateWorkspaceSettingsInput {
  const fields = toFields(values);
  const quotaChanged = quotaKeys.some((key) => values.mailQuota[key] !== initial.mailQuota[key]);
  return {
    ...(values.signup !== initial.signup ? { signup: fields.signup } : {}),
    ...(values.membersMayInvite !== initial.membersMayInvite
      ? { membersMayInvite: fields.membersMayInvite }
      : {}),
    ...(quotaChanged ? { mailQuota: fields.mailQuota } : {}),
    ...(values.storageGb !== initial.storageGb ? { storageQuotaBytes: fields.storageQuotaBytes } : {}),
    ...(values.fileVersionsKept !== initial.fileVersionsKept
      ? { fileVersionsKept: fields.fileVersionsKept }
      : {}),
    ...(values.trashRetentionDays !== initial.trashRetentionDays
      ? { trashRetentionDays: fields.trashRetentionDays }
      : {}),
    version,
  };
}

/** The text keys of "too large" per field (zod's own text for it is English only). */
const tooLarge: Record<string, string> = {
  'mailQuota.perPersonHour': 'workspace.mailQuota.perPersonHourMax',
  'mailQuota.perPersonDay': 'workspace.mailQuota.perPersonDayMax',
  'mailQuota.instanceDay': 'workspace.mailQuota.instanceDayMax',
  storageGb: 'workspace.storage.max',
  fileVersionsKept: 'workspace.files.versionsMax',
  trashRetentionDays: 'workspace.files.trashDaysMax',
};

/** The text keys of "too small" where the contract's minimum is not 0. */
const tooSmall: Record<string, string> = {
  trashRetentionDays: 'workspace.files.trashDaysMin',
};

/**
 * Checks the settings with the contract's schema, as the server will. Issues land on the form's fields (the
 * storage quota's on the GB field), as i18n keys: a number that is not a whole one of 0 or more is
 * `validation.numberInvalid`, one over the contract's maximum names the maximum.
 */
export const settingsResolver: Resolver<SettingsFormValues> = (values) => {
  const result = workspaceSettingsFields.safeParse(toFields(values));
  if (result.success) return { values, errors: {} };
  const errors: Record<string, unknown> = {};
  for (const issue of result.error.issues) {
    const path = issue.path[0] === 'storageQuotaBytes' ? 'storageGb' : issue.path.join('.');
    const message =
      issue.code === 'too_big'
        ? (tooLarge[path] ?? 'validation.numberInvalid')
        : issue.code === 'too_small' && tooSmall[path]
          ? tooSmall[path]
          : issue.message.startsWith('validation.')
            ? issue.message
            : 'validation.numberInvalid';
    const [group, key] = path.split('.');
    if (!group) continue;
    if (key) {
      const nested = (errors[group] ??= {}) as Record<string, unknown>;
      nested[key] ??= { type: 'validate', message };
    } else {
      errors[group] ??= { type: 'validate', message };
    }
  }
  return { values: {}, errors: errors as FieldErrors<SettingsFormValues> };
};
