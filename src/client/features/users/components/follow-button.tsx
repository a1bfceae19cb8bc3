import CheckOutlined from '@mui/icons-material/CheckOutlined';
import PersonAddOutlined from '@mui/icons-material/PersonAddOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';

import type { PublicUser } from '#shared/contract/users.ts';

import { useSnackbar } from '../../../components/snackbar/use-snackbar.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { useFollowUser } from '../api/users-api.ts';
import { visuallyHidden } from '../../../lib/visually-hidden.ts';

/**
 * "Follow" / "Following" for another user. The state flips at once (optimistic) and is put back with a
 * toast when the server refuses. The accessible name says whom: "Follow Ada Lovelace" / "Following Ada
 * Lovelace".
 */
export function FollowButton({ user, size = 'small' }: { user: PublicUser; size?: 'small' | 'medium' }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const follow = useFollowUser();
  const following = user.isFollowing;
  return (
    <Button
      size={size}
      variant={following ? 'outlined' : 'contained'}
      color={following ? 'inherit' : 'primary'}
      startIcon={following ? <CheckOutlined /> : <PersonAddOutlined />}
      onClick={() =>
        follow.mutate(
          { id: user.id, follow: !following },
          { onError: (error) => enqueueSnackbar(errorMessage(error, t), { variant: 'error' }) },
        )
      }
    >
      {following ? t('users.follow.following') : t('users.follow.follow')}
      {/* The name says whom ("Follow Ada Lovelace") and starts with the visible text (WCAG 2.5.3). */}
      <Box component="span" sx={visuallyHidden}>
        {` ${user.displayName}`}
      </Box>
    </Button>
  );
}
