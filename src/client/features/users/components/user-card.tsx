import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

import type { PublicUser } from '#shared/contract/users.ts';

import { fNumber } from '../../../lib/format.ts';
import { FollowButton } from './follow-button.tsx';
import { SocialLinks } from './social-links.tsx';
import { UserAvatar } from './user-avatar.tsx';

/** The cover band: the user's cover picture, or the theme's gradient. */
export function CoverImage({ url, height }: { url: string | null; height: number }) {
  if (url) {
    return (
      <Box
        component="img"
        src={url}
        alt=""
        sx={{ display: 'block', width: 1, height, objectFit: 'cover', bgcolor: 'primary.dark' }}
      />
    );
  }
  return (
    <Box
      sx={(theme) => ({
        height,
        backgroundImage: `linear-gradient(135deg, ${theme.palette.primary.light}, ${theme.palette.primary.dark})`,
      })}
    />
  );
}

/** A user card: cover, avatar, name, role/company, social links, follower counts, Follow button. */
export function UserCard({ user, isMe }: { user: PublicUser; isMe: boolean }) {
  const { t } = useTranslation();
  const role = t(`roles.${user.role}`);
  return (
    <Card component="article" aria-labelledby={`user-card-${user.id}`} sx={{ textAlign: 'center' }}>
      <Box sx={{ position: 'relative' }}>
        <CoverImage url={user.coverUrl} height={120} />
        <UserAvatar
          name={user.displayName}
          src={user.avatarUrl}
          size={72}
          sx={{
            position: 'absolute',
            insetInlineStart: 0,
            insetInlineEnd: 0,
            bottom: -36,
            mx: 'auto',
            border: (theme) => `3px solid ${theme.palette.background.paper}`,
          }}
        />
      </Box>
      <Box sx={{ pt: 6, px: 2, pb: 2 }}>
        <Typography id={`user-card-${user.id}`} variant="subtitle1" component="h2" noWrap>
          {user.displayName}
        </Typography>
        <Typography variant="body2" noWrap sx={{ color: 'text.secondary', mb: 1 }}>
          {user.company ? t('users.cards.roleAt', { role, company: user.company }) : role}
        </Typography>
        <Box sx={{ minHeight: 40, display: 'flex', justifyContent: 'center' }}>
          <SocialLinks links={user.socialLinks} name={user.displayName} />
        </Box>
      </Box>
      <Divider sx={{ borderStyle: 'dashed' }} />
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, 1fr)', py: 2 }}>
        <div>
          <Typography variant="caption" component="div" sx={{ color: 'text.secondary', mb: 0.5 }}>
            {t('users.profile.followers')}
          </Typography>
          <Typography variant="subtitle1">{fNumber(user.followerCount)}</Typography>
        </div>
        <div>
          <Typography variant="caption" component="div" sx={{ color: 'text.secondary', mb: 0.5 }}>
            {t('users.profile.following')}
          </Typography>
          <Typography variant="subtitle1">{fNumber(user.followingCount)}</Typography>
        </div>
      </Box>
      <Box sx={{ px: 2, pb: 2.5, minHeight: 32 }}>
        {isMe ? (
          <Typography variant="body2" sx={{ color: 'text.secondary', lineHeight: '30px' }}>
            {t('users.cards.you')}
          </Typography>
        ) : (
          <FollowButton user={user} />
        )}
      </Box>
    </Card>
  );
}
