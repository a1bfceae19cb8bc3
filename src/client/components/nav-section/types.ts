import type { ReactNode } from 'react';

/** A navigation item, ready to show (labels translated, roles already applied). */
export type NavItem = {
  title: string;
  /** An app path, a `#fragment` (demo items) or an absolute http(s) URL (opens in a new tab). */
  path: string;
  icon?: ReactNode;
  /** Shown under the title (vertical) or as a tooltip (mini, horizontal). */
  caption?: string;
  /** A small label after the title, e.g. a "NEW" chip. */
  info?: ReactNode;
  /** A count after the title (e.g. unread mails); 0 or undefined shows nothing. */
  badge?: number;
  disabled?: boolean;
  children?: NavItem[];
};

export type NavGroup = {
  subheader?: string;
  items: NavItem[];
};

export function isExternalLink(path: string): boolean {
  return /^https?:\/\//.test(path);
}

/** Exact match, or a parent of the current path ('/dashboard/user' is active on '/dashboard/user/list'). */
export function isActivePath(itemPath: string, pathname: string, deep: boolean): boolean {
  if (isExternalLink(itemPath) || itemPath.startsWith('#')) return false;
  const clean = (value: string) => value.split(/[?#]/)[0]?.replace(/\/+$/, '') || '/';
  const item = clean(itemPath);
  const current = clean(pathname);
  return current === item || (deep && current.startsWith(`${item}/`));
}

export function hasActiveChild(item: NavItem, pathname: string): boolean {
  return (item.children ?? []).some(
    (child) => isActivePath(child.path, pathname, true) || hasActiveChild(child, pathname),
  );
}
