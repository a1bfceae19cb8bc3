import Favorite from '@mui/icons-material/Favorite';
import FavoriteBorder from '@mui/icons-material/FavoriteBorder';
import Avatar from '@mui/material/Avatar';
import AvatarGroup from '@mui/material/AvatarGroup';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';

import type { Post } from '#shared/contract/posts.ts';

import { useSnackbar } from '../../../components/snackbar/use-snackbar.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { fNumber } from '../../../lib/format.ts';
import { useLike } from '../api/posts-api.ts';

/** Like / unlike (a heart that stays pressed), the count, and the avatars of some who liked it. */
export function PostLikes({ post }: { post: Post }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const like = useLike(post.id);
  const liked = like.isPending ? Boolean(like.variables) : post.isFavorited;
  const total = like.isPending ? post.totalFavorites + (liked ? 1 : -1) : post.totalFavorites;
  return (
    <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <FormControlLabel
        label={fNumber(Math.max(0, total))}
        control={
          <Checkbox
            color="error"
            icon={<FavoriteBorder />}
            checkedIcon={<Favorite />}
            checked={liked}
            disabled={like.isPending}
            onChange={(event) =>
              like.mutate(event.target.checked, {
                onError: (error) => enqueueSnackbar(errorMessage(error, t), { variant: 'error' }),
              })
            }
            slotProps={{ input: { 'aria-label': t('posts.post.like') } }}
          />
        }
        sx={{ mr: 0 }}
      />
      {post.favoritePerson.length > 0 && (
        <AvatarGroup
          total={post.totalFavorites}
          aria-label={t('posts.post.likedBy')}
          role="group"
          sx={{
            '& .MuiAvatar-root': { width: 32, height: 32, fontSize: 14 },
            // The "+N" avatar: the default grey is too faint under white text.
            '& .MuiAvatar-colorDefault': { bgcolor: 'grey.700', color: 'common.white' },
          }}
        >
          {post.favoritePerson.map((person) => (
            <Tooltip key={person.id} title={person.name}>
              <Avatar src={person.avatarUrl ?? undefined} alt={person.name}>
                {person.name.charAt(0)}
              </Avatar>
            </Tooltip>
          ))}
        </AvatarGroup>
      )}
    </Stack>
  );
}
