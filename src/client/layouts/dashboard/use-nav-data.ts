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

/**
 * Counts shown next to navigation items. Features that own the data fill these in (the mail unread count
 * arrives with the mail area); a missing or zero count shows nothing.
 */
const noBadges: Partial<Record<NavBadgeKey, number>> = {};

export function useNavBadges(): Partial<Record<NavBadgeKey, number>> {
  return noBadges;
}

/** The navigation for the signed-in user's role, with translated labels, captions and badges. */
export function useNavData(): NavGroup[] {
  const { t } = useTranslation();
  const role = useAuth((state) => state.user?.role);
  const badges = useNavBadges();
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
    return filterNavByRole(navConfigDashboard, role).map((group) => ({
      subheader: t(`nav.${group.subheader}`),
      items: group.items.map(translate),
    }));
  }, [t, role, badges]);
}
