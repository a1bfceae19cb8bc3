import LockOutlined from '@mui/icons-material/LockOutlined';
import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import PersonOutlined from '@mui/icons-material/PersonOutlined';
import PrivacyTipOutlined from '@mui/icons-material/PrivacyTipOutlined';
import ShareOutlined from '@mui/icons-material/ShareOutlined';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import type { ReactElement, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { paths } from '../../../config/paths.ts';
import { useAuth } from '../../../lib/auth/use-auth.ts';
import { AccountDelete } from '../components/account-delete.tsx';
import { AccountExport } from '../components/account-export.tsx';
import { AccountGeneral } from '../components/account-general.tsx';
import { AccountNotifications } from '../components/account-notifications.tsx';
import { AccountPrivacy } from '../components/account-privacy.tsx';
import { AccountSecurity } from '../components/account-security.tsx';
import { AccountSocialLinks } from '../components/account-social-links.tsx';
import { PageHeading } from '../../../components/page-heading/page-heading.tsx';
import { useUrlTab } from '../../../lib/use-url-tab.ts';

const ownTabs = ['general', 'notifications', 'privacy', 'social', 'security'] as const;

/** A tab another area adds to the account page (the shop's address book), placed after General. */
export type AccountExtraTab = { value: string; label: string; icon: ReactElement; panel: ReactNode };

const icons: Record<string, ReactElement> = {
  general: <PersonOutlined />,
  notifications: <NotificationsOutlined />,
  privacy: <PrivacyTipOutlined />,
  social: <ShareOutlined />,
  security: <LockOutlined />,
};

/**
 * /dashboard/user/account: my settings in five tabs, plus those other areas add (`extraTabs`, given by the
 * route); the tab is in the address (`?tab=security`).
 */
export function AccountView({ extraTabs = [] }: { extraTabs?: readonly AccountExtraTab[] }) {
  const { t } = useTranslation();
  const user = useAuth((state) => state.user);
  const [first, ...rest] = ownTabs;
  const tabs: [string, ...string[]] = [first, ...extraTabs.map((extra) => extra.value), ...rest];
  const { tab, tabsProps, tabProps, panelProps } = useUrlTab(tabs);
  const extraOf = (value: string) => extraTabs.find((extra) => extra.value === value);

  if (!user) return null;

  return (
    <>
      <PageHeading
        title={t('users.account.title')}
        crumbs={[
          { label: t('users.common.dashboard'), to: paths.dashboard.root },
          { label: t('users.common.users'), to: paths.dashboard.user.root },
          { label: t('users.account.crumb') },
        ]}
      />
      <Tabs
        {...tabsProps}
        variant="scrollable"
        aria-label={t('users.account.tabsLabel')}
        sx={{ mb: { xs: 3, md: 5 } }}
      >
        {tabs.map((value) => (
          <Tab
            key={value}
            {...tabProps(value)}
            icon={extraOf(value)?.icon ?? icons[value]}
            iconPosition="start"
            label={extraOf(value)?.label ?? t(`users.account.tabs.${value as (typeof ownTabs)[number]}`)}
          />
        ))}
      </Tabs>
      <Box {...panelProps}>
        {tab === 'general' && <AccountGeneral user={user} />}
        {tab === 'notifications' && <AccountNotifications user={user} />}
        {tab === 'privacy' && (
          <Stack spacing={3}>
            <AccountPrivacy user={user} />
            <AccountExport />
            <AccountDelete />
          </Stack>
        )}
        {tab === 'social' && <AccountSocialLinks user={user} />}
        {tab === 'security' && <AccountSecurity />}
        {extraOf(tab)?.panel}
      </Box>
    </>
  );
}
