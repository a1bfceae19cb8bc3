import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { fDate } from '../../../lib/format.ts';
import { usePosts } from '../api/posts-list.ts';
import { postDate } from './post-card.tsx';
import { PostCounts } from './post-counts.tsx';

export const RECENT_POSTS_SHOWN = 4;

/** A person's newest published posts (a profile's "Recent posts"), each linking to the post. */
export function RecentPosts({ authorId }: { authorId: string }) {
  const { t } = useTranslation();
  const headingId = useId();
  const posts = usePosts({
    tab: 'published',
    sort: 'latest',
    search: '',
    page: 1,
    pageSize: RECENT_POSTS_SHOWN,
    author: authorId,
    featured: false,
  });
  const items = posts.data?.posts ?? [];
  return (
    <Card component="section" aria-labelledby={headingId}>
      <CardHeader
        title={t('posts.recent.title')}
        subheader={
          posts.data && posts.data.counts.published > 0
            ? t('posts.recent.count', { count: posts.data.counts.published })
            : undefined
        }
        slotProps={{ title: { component: 'h2', id: headingId } }}
        action={
          <Link
            component={RouterLink}
            to={paths.dashboard.blog.posts}
            variant="body2"
            sx={{ display: 'block', m: 1 }}
          >
            {t('posts.recent.all')}
          </Link>
        }
      />
      <Stack component="ul" spacing={2} sx={{ listStyle: 'none', m: 0, p: 3, pt: 2 }}>
        {posts.isPending &&
          Array.from({ length: 2 }, (_, index) => (
            <li key={index}>
              <Skeleton variant="rounded" height={72} />
            </li>
          ))}
        {posts.isError && (
          <Typography component="li" variant="body2" sx={{ color: 'error.main' }}>
            {errorMessage(posts.error, t)}
          </Typography>
        )}
        {posts.data && items.length === 0 && (
          <Typography component="li" variant="body2" sx={{ color: 'text.secondary' }}>
            {t('posts.recent.none')}
          </Typography>
        )}
        {items.map((post) => (
          <Stack key={post.id} component="li" direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <Box
              sx={{
                width: 96,
                flexShrink: 0,
                aspectRatio: '16 / 9',
                borderRadius: 1,
                overflow: 'hidden',
                bgcolor: 'action.hover',
              }}
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
            <Box sx={{ minWidth: 0, flexGrow: 1 }}>
              <Link
                component={RouterLink}
                to={paths.dashboard.blog.post(post.slug)}
                color="inherit"
                variant="subtitle2"
                underline="hover"
                dir="auto"
                sx={{ display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
              >
                {post.title}
              </Link>
              <Stack direction="row" sx={{ alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
                <Typography
                  variant="caption"
                  component="time"
                  dateTime={postDate(post)}
                  sx={{ color: 'text.secondary' }}
                >
                  {fDate(postDate(post))}
                </Typography>
                <PostCounts post={post} />
              </Stack>
            </Box>
          </Stack>
        ))}
      </Stack>
    </Card>
  );
}
