import AccountBalanceOutlined from '@mui/icons-material/AccountBalanceOutlined';
import ArticleOutlined from '@mui/icons-material/ArticleOutlined';
import CalendarMonthOutlined from '@mui/icons-material/CalendarMonthOutlined';
import ChatOutlined from '@mui/icons-material/ChatOutlined';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import EventAvailableOutlined from '@mui/icons-material/EventAvailableOutlined';
import FolderOutlined from '@mui/icons-material/FolderOutlined';
import InsertDriveFileOutlined from '@mui/icons-material/InsertDriveFileOutlined';
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import MailOutlined from '@mui/icons-material/MailOutlined';
import PersonOutlined from '@mui/icons-material/PersonOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import ShoppingCartOutlined from '@mui/icons-material/ShoppingCartOutlined';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import ViewKanbanOutlined from '@mui/icons-material/ViewKanbanOutlined';
import AccountTreeOutlined from '@mui/icons-material/AccountTreeOutlined';
import AdminPanelSettingsOutlined from '@mui/icons-material/AdminPanelSettingsOutlined';
import BlockOutlined from '@mui/icons-material/BlockOutlined';
import LabelOutlined from '@mui/icons-material/LabelOutlined';
import NotesOutlined from '@mui/icons-material/NotesOutlined';
import OpenInNewOutlined from '@mui/icons-material/OpenInNewOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import type { ReactNode } from 'react';

import type { Role } from '#shared/contract/account.ts';

import { paths } from '../config/paths.ts';
import type { TranslationResource } from '../locales/langs/en/index.ts';

/** A navigation label: a key of the `nav` translations (spec §2 menu labels). */
export type NavLabel = keyof TranslationResource['nav'];

/** Counts the shell can show next to an item (e.g. unread mails); 0 or missing shows nothing. */
export type NavBadgeKey = 'mailUnread' | 'chatUnread';

export type NavConfigItem = {
  title: NavLabel;
  /** An app path, a `#fragment` (menu demo) or an absolute http(s) URL (opens in a new tab). */
  path: string;
  icon?: ReactNode;
  /** Shown only to these roles; everyone when absent. Hiding is not protection: the server checks. */
  roles?: Role[];
  /** A short explanation under the title (a `nav` text key). */
  caption?: NavLabel;
  /** A "NEW" label after the title. */
  label?: NavLabel;
  badge?: NavBadgeKey;
  disabled?: boolean;
  children?: NavConfigItem[];
};

/** The external link of the menu demo (followed only on click, in a new tab). */
export const EXTERNAL_DEMO_URL = 'https://example.com/';

export type NavConfigGroup = { subheader: NavLabel; items: NavConfigItem[] };

/** The dashboard navigation, as data (every area of the spec). */
export const navConfigDashboard: NavConfigGroup[] = [
  {
    subheader: 'general',
    items: [
      { title: 'app', path: paths.dashboard.general.app, icon: <DashboardOutlined /> },
      { title: 'ecommerce', path: paths.dashboard.general.ecommerce, icon: <ShoppingCartOutlined /> },
      { title: 'analytics', path: paths.dashboard.general.analytics, icon: <InsightsOutlined /> },
      { title: 'banking', path: paths.dashboard.general.banking, icon: <AccountBalanceOutlined /> },
      { title: 'booking', path: paths.dashboard.general.booking, icon: <EventAvailableOutlined /> },
      { title: 'file', path: paths.dashboard.general.file, icon: <InsertDriveFileOutlined /> },
    ],
  },
  {
    subheader: 'management',
    items: [
      {
        title: 'user',
        path: paths.dashboard.user.root,
        icon: <PersonOutlined />,
        children: [
          { title: 'profile', path: paths.dashboard.user.profile },
          { title: 'cards', path: paths.dashboard.user.cards },
          { title: 'list', path: paths.dashboard.user.list, roles: ['admin'] },
          { title: 'create', path: paths.dashboard.user.new, roles: ['admin'] },
          { title: 'edit', path: paths.dashboard.user.demo.edit, roles: ['admin'] },
          { title: 'audit', path: paths.dashboard.user.audit, roles: ['admin'] },
          { title: 'account', path: paths.dashboard.user.account },
        ],
      },
      {
        title: 'ecommerce',
        path: paths.dashboard.eCommerce.root,
        icon: <StorefrontOutlined />,
        children: [
          { title: 'shop', path: paths.dashboard.eCommerce.shop },
          { title: 'product', path: paths.dashboard.eCommerce.demo.view },
          { title: 'list', path: paths.dashboard.eCommerce.list, roles: ['admin'] },
          { title: 'create', path: paths.dashboard.eCommerce.new, roles: ['admin'] },
          { title: 'edit', path: paths.dashboard.eCommerce.demo.edit, roles: ['admin'] },
          { title: 'checkout', path: paths.dashboard.eCommerce.checkout },
          { title: 'orders', path: paths.dashboard.order.list },
          { title: 'discounts', path: paths.dashboard.eCommerce.discounts, roles: ['admin'] },
        ],
      },
      {
        title: 'invoice',
        path: paths.dashboard.invoice.root,
        icon: <ReceiptLongOutlined />,
        children: [
          { title: 'list', path: paths.dashboard.invoice.list },
          { title: 'details', path: paths.dashboard.invoice.demo.details },
          { title: 'create', path: paths.dashboard.invoice.new },
          { title: 'edit', path: paths.dashboard.invoice.demo.edit },
        ],
      },
      {
        title: 'blog',
        path: paths.dashboard.blog.root,
        icon: <ArticleOutlined />,
        children: [
          { title: 'posts', path: paths.dashboard.blog.posts },
          { title: 'post', path: paths.dashboard.blog.demo.post },
          { title: 'create', path: paths.dashboard.blog.new },
        ],
      },
      { title: 'fileManager', path: paths.dashboard.fileManager, icon: <FolderOutlined /> },
      { title: 'mail', path: paths.dashboard.mail.root, icon: <MailOutlined />, badge: 'mailUnread' },
      { title: 'chat', path: paths.dashboard.chat.root, icon: <ChatOutlined />, badge: 'chatUnread' },
      { title: 'calendar', path: paths.dashboard.calendar, icon: <CalendarMonthOutlined /> },
      { title: 'kanban', path: paths.dashboard.kanban, icon: <ViewKanbanOutlined /> },
      {
        title: 'workspace',
        path: paths.dashboard.workspace,
        icon: <SettingsOutlined />,
        roles: ['admin'],
      },
    ],
  },
  {
    // Spec §2 menu-levels demo and the other cases of the navigation.
    subheader: 'otherCases',
    items: [
      {
        title: 'itemByRoles',
        path: paths.dashboard.permissionDenied,
        icon: <AdminPanelSettingsOutlined />,
        roles: ['admin'],
        caption: 'onlyAdmin',
      },
      {
        title: 'menuLevel',
        path: '#menu-level',
        icon: <AccountTreeOutlined />,
        children: [
          { title: 'level2a', path: '#menu-level-2a' },
          {
            title: 'level2b',
            path: '#menu-level-2b',
            children: [
              { title: 'level3a', path: '#menu-level-3a' },
              {
                title: 'level3b',
                path: '#menu-level-3b',
                children: [
                  { title: 'level4a', path: '#menu-level-4a' },
                  { title: 'level4b', path: '#menu-level-4b' },
                ],
              },
            ],
          },
        ],
      },
      { title: 'itemDisabled', path: '#disabled', icon: <BlockOutlined />, disabled: true },
      { title: 'itemLabel', path: '#label', icon: <LabelOutlined />, label: 'newLabel' },
      { title: 'itemCaption', path: '#caption', icon: <NotesOutlined />, caption: 'captionText' },
      { title: 'externalLink', path: EXTERNAL_DEMO_URL, icon: <OpenInNewOutlined /> },
    ],
  },
];

/** Every item in order, parents before their children. */
export function flattenNav(items: NavConfigItem[]): NavConfigItem[] {
  return items.flatMap((item) => [item, ...flattenNav(item.children ?? [])]);
}

/**
 * Drops the items (and emptied groups) the role may not see, and, given `pageExists`, the items whose app
 * path leads to no page yet (pages of later issues: adding their route shows them; `#fragments` and
 * external links stay).
 */
export function filterNavByRole(
  groups: NavConfigGroup[],
  role: Role | undefined,
  pageExists: (path: string) => boolean = () => true,
): NavConfigGroup[] {
  const visible = (item: NavConfigItem): boolean =>
    (!item.roles || (role !== undefined && item.roles.includes(role))) &&
    (!item.path.startsWith('/') || pageExists(item.path));
  const filterItems = (items: NavConfigItem[]): NavConfigItem[] =>
    items.filter(visible).flatMap((item) => {
      if (!item.children) return [item];
      const children = filterItems(item.children);
      return children.length ? [{ ...item, children }] : [];
    });
  return groups
    .map((group) => ({ ...group, items: filterItems(group.items) }))
    .filter((group) => group.items.length > 0);
}
