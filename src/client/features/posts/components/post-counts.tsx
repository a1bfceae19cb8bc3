import ChatBubbleOutline from '@mui/icons-material/ChatBubbleOutlineOutlined';
import FavoriteBorder from '@mui/icons-material/FavoriteBorder';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

import { fNumber } from '../../../lib/format.ts';

type Figures = { totalViews: number; totalComments: number; totalFavorites: number };

/** A post's views, comments and likes, each with its icon and a spoken name ("12 views"). */
export function PostCounts({ post, color = 'text.secondary' }: { post: Figures; color?: string }) {
  const { t } = useTranslation();
  const items = [
    { key: 'views', icon: VisibilityOutlined, count: post.totalViews },
    { key: 'comments', icon: ChatBubbleOutline, count: post.totalComments },
    { key: 'likes', icon: FavoriteBorder, count: post.totalFavorites },
  ] as const;
  return (
    <Stack direction="row" spacing={1.5} sx={{ color, typography: 'caption' }}>
      {items.map(({ key, icon: Icon, count }) => (
        <Stack
          key={key}
          direction="row"
          spacing={0.5}
          sx={{ alignItems: 'center' }}
          role="img"
          aria-label={t(`posts.counts.${key}`, { count, number: fNumber(count) })}
          data-count={key}
        >
          <Icon sx={{ fontSize: 16 }} />
          <Typography variant="caption" aria-hidden>
            {fNumber(count)}
          </Typography>
        </Stack>
      ))}
    </Stack>
  );
}
