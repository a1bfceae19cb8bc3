import type { ReactNode } from 'react';

export type NavItem = {
  title: string;
  path: string;
  icon?: ReactNode;
  children?: NavItem[];
};

export type NavGroup = {
  subheader?: string;
  items: NavItem[];
};
