import type { TFunction } from 'i18next';

import { roles, userStatuses } from '#shared/contract/account.ts';
import { socialNetworks } from '#shared/contract/users.ts';

import { fData } from '../../../lib/format.ts';
import { profileFieldNames } from '../utils/user-form-values.ts';

/**
 * An audit entry's `changes` (field → [old, new]) as lines a person can read: translated field names and
 * values ("Status: Active → Banned"), pictures as "added / removed / replaced", social links one network
 * per line. The stored shape is only trusted loosely: anything unexpected is shown as text, never thrown.
 */
export type AuditChangeLine =
  { key: string; label: string; from: string; to: string } | { key: string; label: string; text: string };

/** What an empty value (null, '', absent) looks like. */
export const EMPTY_VALUE = '—';
const MAX_VALUE = 60;

/** Fields the user form has labels for (users.form.fields.*). */
const formFields = [...profileFieldNames, 'role', 'status'] as const;
/** Audited fields the form does not show under that name (users.audit.fields.*). */
const auditFields = ['slug', 'socialLinks', 'avatarUrl', 'coverUrl'] as const;
const imageFields = ['avatarUrl', 'coverUrl'] as const;
/**
 * The order lines are shown in (the stored jsonb keeps none): who the user is, their access, then the
 * details. Unknown fields come last, as received.
 */
const fieldOrder: readonly string[] = [
  'firstName',
  'lastName',
  'email',
  'role',
  'status',
  'emailVerified',
  'phone',
  'company',
  'country',
  'state',
  'city',
  'address',
  'zipCode',
  'about',
  'slug',
  'socialLinks',
  'avatarUrl',
  'coverUrl',
];
const rank = (field: string) => {
  const index = fieldOrder.indexOf(field);
  return index === -1 ? fieldOrder.length : index;
};

const isOneOf = <T extends string>(list: readonly T[], value: unknown): value is T =>
  typeof value === 'string' && (list as readonly string[]).includes(value);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isEmpty = (value: unknown) => value === null || value === undefined || value === '';

function truncate(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > MAX_VALUE ? `${flat.slice(0, MAX_VALUE - 1)}…` : flat;
}

export function auditFieldLabel(field: string, t: TFunction): string {
  if (isOneOf(formFields, field)) return t(`users.form.fields.${field}`);
  if (field === 'emailVerified') return t('users.form.emailVerified');
  if (isOneOf(auditFields, field)) return t(`users.audit.fields.${field}`);
  if (field === 'storageQuotaBytes') return t('users.form.fields.storageQuotaBytes');
  return field;
}

function formatValue(field: string, value: unknown, t: TFunction): string {
  if (isEmpty(value)) return EMPTY_VALUE;
  if (field === 'storageQuotaBytes' && typeof value === 'number') return fData(value);
  if (field === 'status' && isOneOf(userStatuses, value)) return t(`users.status.${value}`);
  if (field === 'role' && isOneOf(roles, value)) return t(`roles.${value}`);
  if (typeof value === 'boolean') return value ? t('users.audit.values.yes') : t('users.audit.values.no');
  if (typeof value === 'string') return truncate(value);
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  try {
    return truncate(JSON.stringify(value) ?? String(value));
  } catch {
    return truncate(String(value));
  }
}

function imageLine(field: string, from: unknown, to: unknown, t: TFunction): AuditChangeLine {
  const label = auditFieldLabel(field, t);
  if (isEmpty(from)) return { key: field, label, text: t('users.audit.image.added') };
  if (isEmpty(to)) return { key: field, label, text: t('users.audit.image.removed') };
  return { key: field, label, text: t('users.audit.image.replaced') };
}

/** One line per network whose link changed. */
function socialLines(from: unknown, to: unknown, t: TFunction): AuditChangeLine[] | null {
  if (!(isRecord(from) || isEmpty(from)) || !(isRecord(to) || isEmpty(to))) return null;
  const before = isRecord(from) ? from : {};
  const after = isRecord(to) ? to : {};
  const networks = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return networks.flatMap((network) => {
    const old = before[network];
    const now = after[network];
    if ((isEmpty(old) && isEmpty(now)) || JSON.stringify(old) === JSON.stringify(now)) return [];
    const name = isOneOf(socialNetworks, network) ? t(`users.social.${network}`) : network;
    return [
      {
        key: `socialLinks.${network}`,
        label: t('users.audit.fields.socialLink', { network: name }),
        from: formatValue(network, old, t),
        to: formatValue(network, now, t),
      },
    ];
  });
}

export function auditChangeLines(changes: unknown, t: TFunction): AuditChangeLine[] {
  if (!isRecord(changes)) return [];
  const fields = Object.entries(changes).sort(([a], [b]) => rank(a) - rank(b));
  return fields.flatMap(([field, change]): AuditChangeLine[] => {
    // Expected: [old, new]. Anything else is shown as the value it now has.
    const [from, to] = Array.isArray(change) && change.length === 2 ? change : [undefined, change];
    if (isOneOf(imageFields, field)) {
      return isEmpty(from) && isEmpty(to) ? [] : [imageLine(field, from, to, t)];
    }
    if (field === 'socialLinks') {
      const lines = socialLines(from, to, t);
      if (lines) return lines;
    }
    const line = { key: field, label: auditFieldLabel(field, t), from: formatValue(field, from, t) };
    const next = formatValue(field, to, t);
    // A new user's empty fields say nothing.
    if (line.from === EMPTY_VALUE && next === EMPTY_VALUE) return [];
    return [{ ...line, to: next }];
  });
}
