import ArrowBack from '@mui/icons-material/ArrowBack';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import ShareOutlined from '@mui/icons-material/ShareOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';

import type { Post } from '#shared/contract/posts.ts';

import { ConfirmDialog } from '../../../components/confirm-dialog/confirm-dialog.tsx';
import { PageTitle } from '../../../components/page-title/page-title.tsx';
import { useSnackbar } from '../../../components/snackbar/use-snackbar.ts';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { useAuth } from '../../../lib/auth/use-auth.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { prefetchRoute } from '../../../lib/route-prefetch.ts';
import { useCountView, useDeletePost, useLivePosts, usePost, useStorePost } from '../api/posts-api.ts';
import { postDate } from '../components/post-card.tsx';
import { PostBody, PostHero } from '../components/post-body.tsx';
import { PostComments } from '../components/post-comments.tsx';
import { PostCounts } from '../components/post-counts.tsx';
import { FeatureToggle } from '../components/post-featured.tsx';
import { PostLikes } from '../components/post-likes.tsx';
import { copyText } from '../utils/copy-text.ts';

/**
 * `/dashboard/blog/post/{title}` (issue #14): the post by its URL name, a former one or its title (the
 * address then shows its current name); hero, content, tags, likes, comments; share by copying its link;
 * Edit and Delete for its author and administrators. Opening it counts a view; others' likes and comments
 * arrive live.
 */
export function PostDetailsView({ slug }: { slug: string }) {
  const { t } = useTranslation();
  const post = usePost(slug);
  const navigate = useNavigate();
  useLivePosts(post.data?.id);

  // The address shows the post's current URL name (asked by title or by a former name); the post is
  // already in the cache under that name, so the page does not load it again.
  const storePost = useStorePost();
  const current = post.data;
  useEffect(() => {
    if (current && current.slug !== slug) {
      storePost(current);
      void navigate(paths.dashboard.blog.post(current.slug), { replace: true });
    }
  }, [current, slug, navigate, storePost]);

  const back = (
    <Button
      component={RouterLink}
      to={paths.dashboard.blog.posts}
      color="inherit"
      startIcon={
        <ArrowBack sx={{ transform: (theme) => (theme.direction === 'rtl' ? 'scaleX(-1)' : 'none') }} />
      }
    >
      {t('posts.post.back')}
    </Button>
  );

  const title = <PageTitle title={post.data?.title ?? t('posts.post.pageTitle')} />;
  if (post.isError) {
    const missing = post.error instanceof ApiError && post.error.status === 404;
    return (
      <>
        {title}
        <Box sx={{ mb: 3 }}>{back}</Box>
        <Alert severity={missing ? 'info' : 'error'}>
          {missing ? t('posts.post.notFound') : errorMessage(post.error, t)}
        </Alert>
      </>
    );
  }
  if (!post.data) {
    return (
      <>
        {title}
        <Box sx={{ mb: 3 }}>{back}</Box>
        <Skeleton variant="rounded" sx={{ height: { xs: 280, md: 420 } }} />
      </>
    );
  }
  return (
    <>
      {title}
      <PostDetails post={post.data} back={back} />
    </>
  );
}

function PostDetails({ post, back }: { post: Post; back: React.ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const remove = useDeletePost();
  const [confirming, setConfirming] = useState(false);
  const isAdmin = useAuth((state) => state.user?.role === 'admin');
  useCountView(post.id);

  const share = async () => {
    const link = new URL(paths.dashboard.blog.post(post.slug), window.location.origin).href;
    if (await copyText(link)) enqueueSnackbar(t('posts.post.linkCopied'), { variant: 'success' });
    else enqueueSnackbar(t('posts.post.copyFailed'), { variant: 'error' });
  };
  const editPath = paths.dashboard.blog.edit(post.slug);

  return (
    <>
      <Stack direction="row" sx={{ mb: 3, alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        {back}
        {post.canEdit && (
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', justifyContent: 'flex-end' }}>
            {isAdmin && <FeatureToggle post={post} variant="button" />}
            <Button
              component={RouterLink}
              to={editPath}
              variant="outlined"
              color="inherit"
              startIcon={<EditOutlined />}
              onPointerEnter={() => prefetchRoute(editPath)}
              onFocus={() => prefetchRoute(editPath)}
            >
              {t('posts.post.edit')}
            </Button>
            <Button
              variant="outlined"
              color="error"
              startIcon={<DeleteOutline />}
              onClick={() => setConfirming(true)}
            >
              {t('posts.post.delete')}
            </Button>
          </Stack>
        )}
      </Stack>
      <PostHero
        title={post.title}
        coverUrl={post.coverUrl}
        author={post.author}
        date={postDate(post)}
        draft={post.publish === 'draft'}
        featured={isAdmin && post.featured}
        action={
          <Tooltip title={t('posts.post.share')}>
            <IconButton
              aria-label={t('posts.post.share')}
              onClick={() => void share()}
              sx={{ color: 'inherit' }}
            >
              <ShareOutlined />
            </IconButton>
          </Tooltip>
        }
      />
      <Box sx={{ maxWidth: 720, mx: 'auto', mt: { xs: 4, md: 6 } }}>
        <PostBody description={post.description} content={post.content} tags={post.tags} />
        <Divider sx={{ mt: 5, mb: 2, borderStyle: 'dashed' }} />
        <Stack
          direction="row"
          sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap', mb: 5 }}
        >
          <PostLikes post={post} />
          <PostCounts post={post} />
        </Stack>
        <PostComments post={post} />
      </Box>
      <ConfirmDialog
        open={confirming}
        title={t('posts.post.deleteTitle')}
        content={t('posts.post.deleteConfirm', { title: post.title })}
        action={t('posts.post.delete')}
        loading={remove.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          remove.mutate(post.id, {
            onSuccess: () => {
              enqueueSnackbar(t('posts.post.deleted'), { variant: 'success' });
              void navigate(paths.dashboard.blog.posts);
            },
            onError: (error) => {
              setConfirming(false);
              enqueueSnackbar(errorMessage(error, t), { variant: 'error' });
            },
          })
        }
      />
    </>
  );
}
