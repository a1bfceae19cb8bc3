import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Pagination from '@mui/material/Pagination';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { errorMessage } from '../../../lib/error-message.ts';
import { useFollows } from '../api/users-api.ts';
import { FollowButton } from './follow-button.tsx';
import { UserAvatar } from './user-avatar.tsx';

const PAGE_SIZE = 12;

const grid = {
  display: 'grid',
  gap: 3,
  gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' },
} as const;

/**
 * The Followers tab (people who follow the user) or the Friends tab (people the user follows), a page at
 * a time, each with a Follow/Following button.
 */
export function ProfileFollows({
  userId,
  direction,
}: {
  userId: string;
  direction: 'followers' | 'following';
}) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const { data, error, isPending } = useFollows(userId, direction, page, PAGE_SIZE);
  const pageCount = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;
  const title =
    direction === 'followers' ? t('users.profile.tabs.followers') : t('users.profile.tabs.friends');

  return (
    <section aria-label={title}>
      <Typography variant="h5" component="h2" sx={{ mb: 3 }}>
        {title}
      </Typography>
      {error && <Alert severity="error">{errorMessage(error, t)}</Alert>}
      {isPending && !error && (
        <Box sx={grid} aria-busy="true" aria-label={t('users.common.loading')}>
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} variant="rounded" height={88} />
          ))}
        </Box>
      )}
      {data && data.users.length === 0 && (
        <Typography sx={{ color: 'text.secondary' }}>
          {direction === 'followers' ? t('users.profile.noFollowers') : t('users.profile.noFriends')}
        </Typography>
      )}
      {data && data.users.length > 0 && (
        <Box component="ul" sx={{ ...grid, listStyle: 'none', p: 0, m: 0 }}>
          {data.users.map((person) => (
            <Card
              component="li"
              key={person.id}
              sx={{ p: 2.5, display: 'flex', alignItems: 'center', gap: 2 }}
            >
              <UserAvatar name={person.displayName} src={person.avatarUrl} size={48} />
              <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                <Typography variant="subtitle2" noWrap>
                  {person.displayName}
                </Typography>
                <Typography variant="body2" noWrap sx={{ color: 'text.secondary' }}>
                  {person.country || t(`roles.${person.role}`)}
                </Typography>
              </Box>
              <FollowButton user={person} />
            </Card>
          ))}
        </Box>
      )}
      {data && pageCount > 1 && (
        <Pagination
          count={pageCount}
          page={page}
          onChange={(_event, value) => setPage(value)}
          sx={{ mt: 4, display: 'flex', justifyContent: 'center' }}
        />
      )}
    </section>
  );
}
