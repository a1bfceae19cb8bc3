/**
 * The plain constants of the users contract, without zod: client pages that only need the lists (the users
 * list's tabs, filters and sort) import them from here, so zod stays off their first load. account.ts and
 * users.ts re-export them next to their schemas.
 */
export const roles = ['admin', 'user'] as const;
export const userStatuses = ['active', 'pending', 'banned', 'rejected'] as const;

/**
 * Who besides administrators sees a person's email address or phone number (account page, Privacy):
 * every signed-in member, or nobody. The person always sees their own.
 */
export const profileVisibilities = ['members', 'nobody'] as const;
export type ProfileVisibility = (typeof profileVisibilities)[number];

export const PAGE_SIZE_MAX = 100;
export const SEARCH_MAX = 100;

export const userSortKeys = ['name', 'email', 'company', 'role', 'status', 'createdAt'] as const;
export type UserSortKey = (typeof userSortKeys)[number];

/** The kinds of device a sign-in came from, read from its user agent (the users list's device filter). */
export const signInDevices = ['desktop', 'mobile', 'tablet', 'other'] as const;
export type SignInDevice = (typeof signInDevices)[number];
