import BusinessOutlined from '@mui/icons-material/BusinessOutlined';
import CalendarTodayOutlined from '@mui/icons-material/CalendarTodayOutlined';
import CollectionsOutlined from '@mui/icons-material/CollectionsOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import EmailOutlined from '@mui/icons-material/EmailOutlined';
import GroupOutlined from '@mui/icons-material/GroupOutlined';
import LocationOnOutlined from '@mui/icons-material/LocationOnOutlined';
import PhoneOutlined from '@mui/icons-material/PhoneOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import type { User } from '#shared/contract/account.ts';
import type { PublicUser } from '#shared/contract/users.ts';

import { paths } from '../../../config/paths.ts';
import { fDate, fNumber, fRelativeTime } from '../../../lib/format.ts';
import { useGallery } from '../api/users-api.ts';
import { socialIcons } from './social-links.tsx';

const networks = ['facebook', 'instagram', 'linkedin', 'twitter'] as const;

function InfoRow({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Box sx={{ display: 'inline-flex', color: 'text.secondary', mt: '1px' }} aria-hidden="true">
        {icon}
      </Box>
      <Typography variant="body2" sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Stack>
  );
}

type Activity = { key: string; icon: ReactNode; text: string; date: string };

/**
 * The Profile tab: follower counts, about and contact, social links, the person's recent posts (given by
 * the route: the blog is another feature) and what the user actually did (joined, profile changes,
 * photos, follows).
 */
export function ProfileHome({
  user,
  profile,
  recentPosts,
}: {
  user: User;
  profile: PublicUser | undefined;
  recentPosts?: ReactNode;
}) {
  const { t } = useTranslation();
  const gallery = useGallery(user.id, 1, 1);
  const location = [user.city, user.state, user.country].filter(Boolean).join(', ');
  const links = networks.filter((network) => user.socialLinks[network]);

  const activity: Activity[] = [];
  const newestPhoto = gallery.data?.images[0];
  if (newestPhoto && gallery.data) {
    activity.push({
      key: 'photos',
      icon: <CollectionsOutlined />,
      text: t('users.profile.activity.photos', { number: fNumber(gallery.data.total) }),
      date: newestPhoto.createdAt,
    });
  }
  if (user.updatedAt !== user.createdAt) {
    activity.push({
      key: 'updated',
      icon: <EditOutlined />,
      text: t('users.profile.activity.updated'),
      date: user.updatedAt,
    });
  }
  activity.push({
    key: 'joined',
    icon: <CalendarTodayOutlined />,
    text: t('users.profile.activity.joined'),
    date: user.createdAt,
  });
  activity.sort((a, b) => b.date.localeCompare(a.date));

  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 2fr' } }}>
      <Stack spacing={3}>
        <Card sx={{ py: 3, display: 'grid', gridTemplateColumns: '1fr 1px 1fr', textAlign: 'center' }}>
          <div>
            <Typography variant="h4" component="p">
              {profile ? fNumber(profile.followerCount) : '–'}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('users.profile.followers')}
            </Typography>
          </div>
          <Divider orientation="vertical" flexItem sx={{ borderStyle: 'dashed' }} />
          <div>
            <Typography variant="h4" component="p">
              {profile ? fNumber(profile.followingCount) : '–'}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('users.profile.following')}
            </Typography>
          </div>
        </Card>

        <Card component="section" aria-labelledby="profile-about">
          <CardHeader
            id="profile-about"
            title={t('users.profile.about')}
            slotProps={{ title: { component: 'h2' } }}
          />
          <Stack spacing={2} sx={{ p: 3, pt: 2 }}>
            <Typography
              variant="body2"
              dir={user.about ? 'auto' : undefined}
              sx={{ whiteSpace: 'pre-line', color: user.about ? 'text.primary' : 'text.secondary' }}
            >
              {user.about || t('users.profile.noAbout')}
            </Typography>
            {location && (
              <InfoRow icon={<LocationOnOutlined fontSize="small" />}>
                {t('users.profile.livesIn', { place: location })}
              </InfoRow>
            )}
            <InfoRow icon={<EmailOutlined fontSize="small" />}>{user.email}</InfoRow>
            {user.phone && (
              <InfoRow icon={<PhoneOutlined fontSize="small" />}>
                <span dir="ltr">{user.phone}</span>
              </InfoRow>
            )}
            {user.company && (
              <InfoRow icon={<BusinessOutlined fontSize="small" />}>
                {t('users.profile.worksAt', { role: t(`roles.${user.role}`), company: user.company })}
              </InfoRow>
            )}
            <Link component={RouterLink} to={paths.dashboard.user.account} variant="body2">
              {t('users.profile.editProfile')}
            </Link>
          </Stack>
        </Card>

        <Card component="section" aria-labelledby="profile-social">
          <CardHeader
            id="profile-social"
            title={t('users.profile.social')}
            slotProps={{ title: { component: 'h2' } }}
          />
          <Stack spacing={2} sx={{ p: 3, pt: 2 }}>
            {links.length === 0 && (
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {t('users.profile.noSocial')}
              </Typography>
            )}
            {links.map((network) => (
              <InfoRow key={network} icon={socialIcons[network]}>
                <Link
                  href={user.socialLinks[network]}
                  dir="ltr"
                  target="_blank"
                  rel="noopener noreferrer"
                  color="inherit"
                >
                  {user.socialLinks[network]}
                </Link>
              </InfoRow>
            ))}
          </Stack>
        </Card>
      </Stack>

      <Stack spacing={3} sx={{ alignSelf: 'start', minWidth: 0 }}>
        {recentPosts}
        <Card component="section" aria-labelledby="profile-activity">
          <CardHeader
            id="profile-activity"
            title={t('users.profile.activity.title')}
            subheader={recentPosts ? undefined : t('users.profile.activity.noPosts')}
            slotProps={{ title: { component: 'h2' } }}
          />
          <List sx={{ px: 1, pb: 2 }}>
            {profile && (
              <ListItem>
                <ListItemIcon>
                  <GroupOutlined />
                </ListItemIcon>
                <ListItemText
                  primary={t('users.profile.activity.follows', {
                    following: fNumber(profile.followingCount),
                    followers: fNumber(profile.followerCount),
                  })}
                />
              </ListItem>
            )}
            {activity.map((item) => (
              <ListItem key={item.key}>
                <ListItemIcon>{item.icon}</ListItemIcon>
                <ListItemText
                  primary={item.text}
                  secondary={
                    <time dateTime={item.date} title={fDate(item.date)}>
                      {fRelativeTime(item.date)}
                    </time>
                  }
                />
              </ListItem>
            ))}
          </List>
        </Card>
      </Stack>
    </Box>
  );
}
