import type { UserStatus } from '#shared/contract/account.ts';

export const statusColor: Record<UserStatus, 'success' | 'warning' | 'error' | 'default'> = {
  active: 'success',
  pending: 'warning',
  banned: 'error',
  rejected: 'default',
};

/** "Ada Lovelace" → "AL" (the avatar without a picture). */
export function initials(name: string): string {
  const letters = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '');
  return letters.join('') || '?';
}
