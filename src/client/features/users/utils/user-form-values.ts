import type { Role, User, UserStatus } from '#shared/contract/account.ts';
import { profileDetailFields, type CreateUserInput, type UpdateUserInput } from '#shared/contract/users.ts';

/** The admin's user form: every field a string or a switch, as the inputs hold them. */
export type UserFormValues = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  country: string;
  state: string;
  city: string;
  address: string;
  zipCode: string;
  company: string;
  about: string;
  role: Role;
  status: UserStatus;
  emailVerified: boolean;
  /** Create only; empty = no first password (the user sets one through "forgot password"). */
  password: string;
  /** Edit only: the person's storage quota in GB (units of 1,024³) as typed; empty = the workspace's default. */
  storageQuotaBytes: string;
};

const GB = 1024 ** 3;

/** The quota as the form shows it: GB with up to 3 decimals, '' for the workspace's default. */
export const quotaToGb = (bytes: number | null | undefined): string =>
  bytes == null ? '' : String(Math.round((bytes / GB) * 1000) / 1000);

/** What was typed as bytes: '' = null (the default); anything not a number is NaN (the contract refuses it). */
export function gbToQuota(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return null;
  return /^\d+(\.\d*)?$|^\.\d+$/.test(trimmed) ? Math.round(Number(trimmed) * GB) : Number.NaN;
}

export const profileFieldNames = ['firstName', 'lastName', 'email', ...profileDetailFields] as const;

export function userFormDefaults(user?: User): UserFormValues {
  return {
    firstName: user?.firstName ?? '',
    lastName: user?.lastName ?? '',
    email: user?.email ?? '',
    phone: user?.phone ?? '',
    country: user?.country ?? '',
    state: user?.state ?? '',
    city: user?.city ?? '',
    address: user?.address ?? '',
    zipCode: user?.zipCode ?? '',
    company: user?.company ?? '',
    about: user?.about ?? '',
    role: user?.role ?? 'user',
    status: user?.status ?? 'active',
    emailVerified: user?.emailVerified ?? false,
    password: '',
    storageQuotaBytes: quotaToGb(user?.storageQuotaBytes),
  };
}

/** POST /api/users: the allowed fields only; an empty password is left out. */
export function toCreatePayload(values: UserFormValues): CreateUserInput {
  const { password, storageQuotaBytes: _quota, ...rest } = values;
  return password === '' ? rest : { ...rest, password };
}

/** PATCH /api/users/:id: the allowed fields only (never a password: users change theirs themselves). */
export function toUpdatePayload(values: UserFormValues): UpdateUserInput {
  const { password: _password, storageQuotaBytes, ...rest } = values;
  return { ...rest, storageQuotaBytes: gbToQuota(storageQuotaBytes) };
}
