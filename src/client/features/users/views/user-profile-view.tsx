import CollectionsOutlined from '@mui/icons-material/CollectionsOutlined';
import GroupOutlined from '@mui/icons-material/GroupOutlined';
import HowToRegOutlined from '@mui/icons-material/HowToRegOutlined';
import PersonOutlined from '@mui/icons-material/PersonOutlined';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

import { useAuth } from '../../../lib/auth/use-auth.ts';
import { useProfile } from '../api/get-profile.ts';
import { ProfileCover } from '../components/profile-cover.tsx';
import { ProfileFollows } from '../components/profile-follows.tsx';
import { ProfileGallery } from '../components/profile-gallery.tsx';
import { ProfileHome } from '../components/profile-home.tsx';

const tabs = ['profile', 'followers', 'friends', 'gallery'] as const;
type ProfileTab = (typeof tabs)[number];

function isTab(value: string | null): value is ProfileTab {
  return (tabs as readonly (string | null)[]).includes(value);
}

/** /dashboard/user/profile: the signed-in user's profile; the tab is in the address (`?tab=gallery`). */
export function UserProfileView() {
  const { t } = useTranslation();
  const user = useAuth((state) => state.user);
  const [params, setParams] = useSearchParams();
  const idPrefix = useId();
  const tabParam = params.get('tab');
  const tab: ProfileTab = isTab(tabParam) ? tabParam : 'profile';
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
          <Tabs
            value={tab}
            onChange={(_event, next: ProfileTab) =>
              setParams(next === 'profile' ? {} : { tab: next }, { replace: true })
            }
            variant="scrollable"
            aria-label={t('users.profile.tabsLabel')}
          >
            {tabs.map((value) => (
              <Tab
                key={value}
                value={value}
                icon={icons[value]}
                iconPosition="start"
                label={t(`users.profile.tabs.${value}`)}
                id={`${idPrefix}-tab-${value}`}
                aria-controls={`${idPrefix}-panel`}
              />
            ))}
          </Tabs>
        }
      />
      <div role="tabpanel" id={`${idPrefix}-panel`} aria-labelledby={`${idPrefix}-tab-${tab}`}>
        {tab === 'profile' && <ProfileHome user={user} profile={profile.data?.user} />}
        {tab === 'followers' && <ProfileFollows userId={user.id} direction="followers" />}
        {tab === 'friends' && <ProfileFollows userId={user.id} direction="following" />}
        {tab === 'gallery' && <ProfileGallery userId={user.id} />}
      </div>
    </>
  );
}
