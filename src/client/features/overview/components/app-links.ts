import { paths } from '../../../config/paths.ts';
import { startOfDayIn } from '../../../components/date-range/dashboard-range.ts';

/**
 * Where the app overview's widgets lead (issue 26 B, ADR 044): the list a figure summarises, already
 * filtered. The overview counts days in the viewer's time zone, so a period's bounds go to the users list
 * as instants with the viewer's offset (`2026-03-01T00:00:00+09:00`), as the e-commerce overview sends them
 * to the orders list: `createdFrom` from that instant, `createdTo` before it.
 */

const addDay = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

const pad = (n: number) => String(n).padStart(2, '0');

function usersList(params: Record<string, string | undefined>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value) query.set(name, value);
  const search = query.toString();
  return search ? `${paths.dashboard.user.list}?${search}` : paths.dashboard.user.list;
}

/** The accounts created from the start of `from` to the end of `to` (days of `timeZone`), newest first. */
export function usersCreatedIn(from: string, to: string, timeZone: string, country?: string): string {
  return usersList({
    country,
    createdFrom: startOfDayIn(from, timeZone),
    createdTo: startOfDayIn(addDay(to), timeZone),
  });
}

/** The accounts created in a month (`month` 0–11 of `year`, the viewer's months), of one country or all. */
export function usersCreatedInMonth(year: number, month: number, timeZone: string, country?: string): string {
  const first = `${year}-${pad(month + 1)}-01`;
  const next = month === 11 ? `${year + 1}-01-01` : `${year}-${pad(month + 2)}-01`;
  return usersList({
    country,
    createdFrom: startOfDayIn(first, timeZone),
    createdTo: startOfDayIn(next, timeZone),
  });
}

/**
 * The people who signed in from `device` from the start of `from` to the end of `to` (days of `timeZone`):
 * what a slice of "Sessions by device" counts (the users list's `device` and sign-in period).
 */
export function usersSignedInOn(device: string, from: string, to: string, timeZone: string): string {
  return usersList({
    device,
    signedInFrom: startOfDayIn(from, timeZone),
    signedInTo: startOfDayIn(addDay(to), timeZone),
  });
}

/** One's own sign-ins: the sessions list of the account's Security tab. */
export const mySessions = `${paths.dashboard.user.account}?tab=security`;

/** The accounts whose profile names `country` (as written on it). */
export const usersOfCountry = (country: string) => usersList({ country });

/** The invoices list on its Overdue tab. */
export const overdueInvoices = `${paths.dashboard.invoice.list}?status=overdue`;

/** The inbox, where unread mail is. */
export const inbox = `${paths.dashboard.mail.root}?label=inbox`;

/** One author's published posts (the posts list's `author` filter): what "Top authors" counts likes on. */
export const postsOfAuthor = (authorId: string) =>
  `${paths.dashboard.blog.posts}?${new URLSearchParams({ author: authorId, tab: 'published' }).toString()}`;
