import CollectionsOutlined from '@mui/icons-material/CollectionsOutlined';
import GroupOutlined from '@mui/icons-material/GroupOutlined';
import HowToRegOutlined from '@mui/icons-material/HowToRegOutlined';
import PersonOutlined from '@mui/icons-material/PersonOutlined';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { useAuth } from '../../../lib/auth/use-auth.ts';
import { useProfile } from '../api/users-api.ts';
import { ProfileCover } from '../components/profile-cover.tsx';
import { ProfileFollows } from '../components/profile-follows.tsx';
import { ProfileGallery } from '../components/profile-gallery.tsx';
import { ProfileHome } from '../components/profile-home.tsx';
import { useUrlTab } from '../../../lib/use-url-tab.ts';

const tabs = ['profile', 'followers', 'friends', 'gallery'] as const;

/**
 * /dashboard/user/profile: the signed-in user's profile; the tab is in the address (`?tab=gallery`).
 * `recentPosts(userId)`: the person's recent posts for the Profile tab (the route gives the blog's).
 */
export function UserProfileView({ recentPosts }: { recentPosts?: (userId: string) => ReactNode }) {
  const { t } = useTranslation();
  const user = useAuth((state) => state.user);
  const { tab, tabsProps, tabProps, panelProps } = useUrlTab(tabs);
  const profile = useProfile(user?.id);

  if (!user) return null;

  const icons = {
    profile: <PersonOutlined />,
    followers: <GroupOutlined />,
    friends: <HowToRegOutlined />,
    gallery: <CollectionsOutlined />,
  };

  return (
    <>
      <ProfileCover
        user={user}
        tabs={
          <Tabs {...tabsProps} variant="scrollable" aria-label={t('users.profile.tabsLabel')}>
            {tabs.map((value) => (
              <Tab
                key={value}
                {...tabProps(value)}
                icon={icons[value]}
                iconPosition="start"
                label={t(`users.profile.tabs.${value}`)}
              />
            ))}
          </Tabs>
        }
      />
      <div {...panelProps}>
        {tab === 'profile' && (
          <ProfileHome user={user} profile={profile.data?.user} recentPosts={recentPosts?.(user.id)} />
        )}
        {tab === 'followers' && <ProfileFollows userId={user.id} direction="followers" />}
        {tab === 'friends' && <ProfileFollows userId={user.id} direction="following" />}
        {tab === 'gallery' && <ProfileGallery userId={user.id} />}
      </div>
    </>
  );
}
