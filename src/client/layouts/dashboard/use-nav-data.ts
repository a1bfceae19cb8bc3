import { createElement, useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import { Label } from '../../components/label/label.tsx';
import type { NavGroup, NavItem } from '../../components/nav-section/types.ts';
import { useAuth } from '../../lib/auth/use-auth.ts';
import {
  filterNavByRole,
  navConfigDashboard,
  type NavBadgeKey,
  type NavConfigItem,
} from '../nav-config-dashboard.tsx';
import { usePageExists } from './use-page-exists.ts';

/**
 * Counts shown next to navigation items, from the features that own the data (the chat's unread messages;
 * mail's arrive with the mail area); a missing or zero count shows nothing.
 */
export type NavBadges = Partial<Record<NavBadgeKey, number>>;

/**
 * The navigation for the signed-in user's role, with translated labels, captions and badges; items whose
 * page does not exist yet are left out (`usePageExists`).
 */
export function useNavData(badges: NavBadges): NavGroup[] {
  const { t } = useTranslation();
  const role = useAuth((state) => state.user?.role);
  const pageExists = usePageExists();
  return useMemo(() => {
    const translate = (item: NavConfigItem): NavItem => ({
      title: t(`nav.${item.title}`),
      path: item.path,
      icon: item.icon,
      caption: item.caption ? t(`nav.${item.caption}`) : undefined,
      info: item.label
        ? createElement(Label, { color: 'info', children: t(`nav.${item.label}`) })
        : undefined,
      badge: item.badge ? badges[item.badge] : undefined,
      disabled: item.disabled,
      children: item.children?.map(translate),
    });
    return filterNavByRole(navConfigDashboard, role, pageExists).map((group) => ({
      subheader: t(`nav.${group.subheader}`),
      items: group.items.map(translate),
    }));
  }, [t, role, pageExists, badges]);
}
