import Alert from '@mui/material/Alert';
import Skeleton from '@mui/material/Skeleton';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import type { CreatePostInput, Post, UpdatePostInput } from '#shared/contract/posts.ts';

import { PageHeading } from '../../../components/page-heading/page-heading.tsx';
import { useSnackbar } from '../../../components/snackbar/use-snackbar.ts';
import { paths } from '../../../config/paths.ts';
import { ApiError, staleRecord } from '../../../lib/api-error.ts';
import { useAuth } from '../../../lib/auth/use-auth.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { useCreatePost, usePost, useSetFeatured, useStorePost, useUpdatePost } from '../api/posts-api.ts';
import { PostForm } from '../components/post-form.tsx';

function useAfterSave() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  // The saved post is in the cache already (the mutation put it there): its page shows it at once.
  return (post: Post, message: 'posts.form.created' | 'posts.form.saved') => {
    enqueueSnackbar(t(message), { variant: 'success' });
    void navigate(paths.dashboard.blog.post(post.slug));
  };
}

/**
 * After the post is saved: an administrator's "Featured" switch, when it differs from the saved post, is
 * sent on its own (`PUT /:id/featured`, ADR 043). The post is saved either way: a refusal is said, and the
 * saved post is what the page shows.
 */
function useFeatureAfterSave() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const isAdmin = useAuth((state) => state.user?.role === 'admin');
  const setFeatured = useSetFeatured();
  return async (post: Post, featured: boolean): Promise<Post> => {
    if (!isAdmin || featured === post.featured) return post;
    try {
      return await setFeatured.mutateAsync({ id: post.id, featured });
    } catch (error) {
      enqueueSnackbar(t('posts.featured.notSaved', { reason: errorMessage(error, t) }), { variant: 'error' });
      return post;
    }
  };
}

/** `/dashboard/blog/new`: anyone signed in writes a post (a draft until published). */
export function PostCreateView() {
  const { t } = useTranslation();
  const afterSave = useAfterSave();
  const createPost = useCreatePost();
  const featureAfterSave = useFeatureAfterSave();
  const create = async (payload: CreatePostInput, featured: boolean) => {
    const post = await createPost.mutateAsync(payload);
    afterSave(await featureAfterSave(post, featured), 'posts.form.created');
  };
  return (
    <>
      <PageHeading
        title={t('posts.form.createTitle')}
        crumbs={[
          { label: t('nav.blog'), to: paths.dashboard.blog.root },
          { label: t('nav.posts'), to: paths.dashboard.blog.posts },
          { label: t('posts.form.createCrumb') },
        ]}
      />
      <PostForm submitLabel={t('posts.form.create')} onSubmit={create} />
    </>
  );
}

/**
 * `/dashboard/blog/post/{title}/edit` (its author and administrators): saves on top of the version the
 * form was filled from; when someone saved first (409 STALE), the form shows their version and says so.
 */
export function PostEditView({ slug }: { slug: string }) {
  const { t } = useTranslation();
  const storePost = useStorePost();
  const afterSave = useAfterSave();
  const updatePost = useUpdatePost();
  const featureAfterSave = useFeatureAfterSave();
  const post = usePost(slug);
  // The version the form was filled from: a refetch does not reset what is being typed.
  const [base, setBase] = useState<Post | null>(null);
  const [stale, setStale] = useState(false);
  const shown = base ?? post.data ?? null;
  if (!base && post.data) setBase(post.data);

  const crumbs = [
    { label: t('nav.blog'), to: paths.dashboard.blog.root },
    { label: t('nav.posts'), to: paths.dashboard.blog.posts },
    ...(shown ? [{ label: shown.title, to: paths.dashboard.blog.post(shown.slug) }] : []),
    { label: t('posts.form.editCrumb') },
  ];

  const save = async (payload: CreatePostInput, featured: boolean) => {
    if (!shown) return;
    try {
      const edit: UpdatePostInput = { ...payload, version: shown.version };
      const saved = await updatePost.mutateAsync({ id: shown.id, input: edit, slugs: [slug, shown.slug] });
      afterSave(await featureAfterSave(saved, featured), 'posts.form.saved');
    } catch (error) {
      const fresh = staleRecord<Post>(error);
      if (!fresh) throw error;
      storePost(fresh, slug, shown.slug);
      setBase(fresh);
      setStale(true);
      window.scrollTo({ top: 0 });
    }
  };

  if (post.isError && !shown) {
    const missing = post.error instanceof ApiError && post.error.status === 404;
    return (
      <>
        <PageHeading title={t('posts.form.editTitle')} crumbs={crumbs} />
        <Alert severity={missing ? 'info' : 'error'}>
          {missing ? t('posts.post.notFound') : errorMessage(post.error, t)}
        </Alert>
      </>
    );
  }
  return (
    <>
      <PageHeading title={t('posts.form.editTitle')} crumbs={crumbs} />
      {stale && (
        <Alert severity="warning" sx={{ mb: 3, maxWidth: 880, mx: 'auto' }}>
          {t('common.staleEdit')}
        </Alert>
      )}
      {shown && !shown.canEdit && (
        <Alert severity="info" sx={{ maxWidth: 880, mx: 'auto' }}>
          {t('posts.form.notYours')}
        </Alert>
      )}
      {shown?.canEdit && (
        <PostForm
          key={`${shown.id}:${shown.version}`}
          post={shown}
          submitLabel={t('posts.form.save')}
          onSubmit={save}
        />
      )}
      {!shown && <Skeleton variant="rounded" height={480} sx={{ maxWidth: 880, mx: 'auto' }} />}
    </>
  );
}
