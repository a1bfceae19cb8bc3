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
};

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
  };
}

/** POST /api/users: the allowed fields only; an empty password is left out. */
export function toCreatePayload(values: UserFormValues): CreateUserInput {
  const { password, ...rest } = values;
  return password === '' ? rest : { ...rest, password };
}

/** PATCH /api/users/:id: the allowed fields only (never a password: users change theirs themselves). */
export function toUpdatePayload(values: UserFormValues): UpdateUserInput {
  const { password: _password, ...rest } = values;
  return rest;
}
