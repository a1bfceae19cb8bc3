import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import type { NavGroup, NavItem } from '../../components/nav-section/types.ts';
import { useAuth } from '../../lib/auth/use-auth.ts';
import { filterNavByRole, navConfigDashboard, type NavConfigItem } from '../nav-config-dashboard.tsx';

/** The navigation for the signed-in user's role, with translated labels. */
export function useNavData(): NavGroup[] {
  const { t } = useTranslation();
  const role = useAuth((state) => state.user?.role);
  return useMemo(() => {
    const translate = (item: NavConfigItem): NavItem => ({
      title: t(`nav.${item.title}`),
      path: item.path,
      icon: item.icon,
      children: item.children?.map(translate),
    });
    return filterNavByRole(navConfigDashboard, role).map((group) => ({
      subheader: t(`nav.${group.subheader}`),
      items: group.items.map(translate),
    }));
  }, [t, role]);
}
