import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import type { PostCard as PostCardData } from '#shared/contract/posts.ts';

import { paths } from '../../../config/paths.ts';
import { useAuth } from '../../../lib/auth/use-auth.ts';
import { fDate } from '../../../lib/format.ts';
import { prefetchRoute } from '../../../lib/route-prefetch.ts';
import { PostCounts } from './post-counts.tsx';
import { FeaturedChip, FeatureToggle } from './post-featured.tsx';

/** When a post is dated: when it was published, a draft when it was written. */
export const postDate = (post: Pick<PostCardData, 'publishedAt' | 'createdAt'>) =>
  post.publishedAt ?? post.createdAt;

/**
 * A post in the list: cover, author, date, title, description, counts; a draft says so. Administrators see
 * whether it is featured on the overview, and a star that features it or takes it off.
 */
export function PostCard({ post }: { post: PostCardData }) {
  const { t } = useTranslation();
  const isAdmin = useAuth((state) => state.user?.role === 'admin');
  const to = paths.dashboard.blog.post(post.slug);
  const prefetch = () => prefetchRoute(to);
  return (
    <Card component="article" aria-label={post.title} sx={{ display: 'flex', flexDirection: 'column' }}>
      <Box sx={{ position: 'relative' }}>
        <Box
          component={RouterLink}
          to={to}
          tabIndex={-1}
          aria-hidden
          onPointerEnter={prefetch}
          sx={{ display: 'block', aspectRatio: '16 / 9', bgcolor: 'action.hover', overflow: 'hidden' }}
        >
          {post.coverUrl && (
            <Box
              component="img"
              src={post.coverUrl}
              alt=""
              loading="lazy"
              sx={{ width: 1, height: 1, objectFit: 'cover', display: 'block' }}
            />
          )}
        </Box>
        <Avatar
          src={post.author.avatarUrl ?? undefined}
          alt={post.author.name}
          sx={{
            position: 'absolute',
            insetInlineStart: 20,
            bottom: -20,
            width: 40,
            height: 40,
            border: 2,
            borderColor: 'background.paper',
          }}
        >
          {post.author.name.charAt(0)}
        </Avatar>
        <Stack direction="row" spacing={1} sx={{ position: 'absolute', top: 12, insetInlineEnd: 12 }}>
          {isAdmin && post.featured && <FeaturedChip />}
          {post.publish === 'draft' && <Chip size="small" color="warning" label={t('posts.draft')} />}
        </Stack>
      </Box>
      <Stack spacing={1} sx={{ p: 2.5, pt: 4, flexGrow: 1 }}>
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          <span dir="auto">{post.author.name}</span> ·{' '}
          <time dateTime={postDate(post)}>{fDate(postDate(post))}</time>
        </Typography>
        <Link
          component={RouterLink}
          to={to}
          color="inherit"
          variant="subtitle1"
          underline="hover"
          dir="auto"
          onPointerEnter={prefetch}
          onFocus={prefetch}
          sx={{ display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}
        >
          {post.title}
        </Link>
        {post.description && (
          <Typography
            variant="body2"
            dir="auto"
            sx={{
              color: 'text.secondary',
              display: '-webkit-box',
              WebkitLineClamp: 2,
              WebkitBoxOrient: 'vertical',
              overflow: 'hidden',
            }}
          >
            {post.description}
          </Typography>
        )}
        <Box sx={{ flexGrow: 1 }} />
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', minHeight: 40 }}>
          <PostCounts post={post} />
          {isAdmin && <FeatureToggle post={post} />}
        </Stack>
      </Stack>
    </Card>
  );
}
