import LockOutlined from '@mui/icons-material/LockOutlined';
import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import PersonOutlined from '@mui/icons-material/PersonOutlined';
import ShareOutlined from '@mui/icons-material/ShareOutlined';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

import { paths } from '../../../config/paths.ts';
import { useAuth } from '../../../lib/auth/use-auth.ts';
import { AccountGeneral } from '../components/account-general.tsx';
import { AccountNotifications } from '../components/account-notifications.tsx';
import { AccountSecurity } from '../components/account-security.tsx';
import { AccountSocialLinks } from '../components/account-social-links.tsx';
import { PageHeading } from '../components/page-heading.tsx';

const tabs = ['general', 'notifications', 'social', 'security'] as const;
type AccountTab = (typeof tabs)[number];

function isTab(value: string | null): value is AccountTab {
  return (tabs as readonly (string | null)[]).includes(value);
}

const icons = {
  general: <PersonOutlined />,
  notifications: <NotificationsOutlined />,
  social: <ShareOutlined />,
  security: <LockOutlined />,
};

/** /dashboard/user/account: my settings in four tabs; the tab is in the address (`?tab=security`). */
export function AccountView() {
  const { t } = useTranslation();
  const user = useAuth((state) => state.user);
  const [params, setParams] = useSearchParams();
  const idPrefix = useId();
  const tabParam = params.get('tab');
  const tab: AccountTab = isTab(tabParam) ? tabParam : 'general';

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
        value={tab}
        onChange={(_event, next: AccountTab) =>
          setParams(next === 'general' ? {} : { tab: next }, { replace: true })
        }
        variant="scrollable"
        aria-label={t('users.account.tabsLabel')}
        sx={{ mb: { xs: 3, md: 5 } }}
      >
        {tabs.map((value) => (
          <Tab
            key={value}
            value={value}
            icon={icons[value]}
            iconPosition="start"
            label={t(`users.account.tabs.${value}`)}
            id={`${idPrefix}-tab-${value}`}
            aria-controls={`${idPrefix}-panel`}
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`${idPrefix}-panel`} aria-labelledby={`${idPrefix}-tab-${tab}`}>
        {tab === 'general' && <AccountGeneral user={user} />}
        {tab === 'notifications' && <AccountNotifications user={user} />}
        {tab === 'social' && <AccountSocialLinks user={user} />}
        {tab === 'security' && <AccountSecurity />}
      </Box>
    </>
  );
}
