import Alert from '@mui/material/Alert';
import Skeleton from '@mui/material/Skeleton';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import type { CreatePostInput, Post, PostResponse, UpdatePostInput } from '#shared/contract/posts.ts';

import { PageHeading } from '../../../components/page-heading/page-heading.tsx';
import { useSnackbar } from '../../../components/snackbar/use-snackbar.ts';
import { paths } from '../../../config/paths.ts';
import { apiClient, ApiError, staleRecord } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { postsKeys, storePost, usePost } from '../api/posts-api.ts';
import { PostForm } from '../components/post-form.tsx';

function useAfterSave() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  return (post: Post, message: 'blog.form.created' | 'blog.form.saved', ...slugs: string[]) => {
    storePost(queryClient, post, ...slugs);
    void queryClient.invalidateQueries({ queryKey: postsKeys.lists() });
    enqueueSnackbar(t(message), { variant: 'success' });
    void navigate(paths.dashboard.blog.post(post.slug));
  };
}

/** `/dashboard/blog/new`: anyone signed in writes a post (a draft until published). */
export function PostCreateView() {
  const { t } = useTranslation();
  const afterSave = useAfterSave();
  const create = async (payload: CreatePostInput) => {
    const { post } = await apiClient.post<PostResponse>('/posts', payload);
    afterSave(post, 'blog.form.created');
  };
  return (
    <>
      <PageHeading
        title={t('blog.form.createTitle')}
        crumbs={[
          { label: t('nav.blog'), to: paths.dashboard.blog.root },
          { label: t('nav.posts'), to: paths.dashboard.blog.posts },
          { label: t('blog.form.createCrumb') },
        ]}
      />
      <PostForm submitLabel={t('blog.form.create')} onSubmit={create} />
    </>
  );
}

/**
 * `/dashboard/blog/post/{title}/edit` (its author and administrators): saves on top of the version the
 * form was filled from; when someone saved first (409 STALE), the form shows their version and says so.
 */
export function PostEditView({ slug }: { slug: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const afterSave = useAfterSave();
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
    { label: t('blog.form.editCrumb') },
  ];

  const save = async (payload: CreatePostInput) => {
    if (!shown) return;
    try {
      const edit: UpdatePostInput = { ...payload, version: shown.version };
      const { post: saved } = await apiClient.patch<PostResponse>(`/posts/${shown.id}`, edit);
      afterSave(saved, 'blog.form.saved', slug, shown.slug);
    } catch (error) {
      const fresh = staleRecord<Post>(error);
      if (!fresh) throw error;
      storePost(queryClient, fresh, slug, shown.slug);
      setBase(fresh);
      setStale(true);
      window.scrollTo({ top: 0 });
    }
  };

  if (post.isError && !shown) {
    const missing = post.error instanceof ApiError && post.error.status === 404;
    return (
      <>
        <PageHeading title={t('blog.form.editTitle')} crumbs={crumbs} />
        <Alert severity={missing ? 'info' : 'error'}>
          {missing ? t('blog.post.notFound') : errorMessage(post.error, t)}
        </Alert>
      </>
    );
  }
  return (
    <>
      <PageHeading title={t('blog.form.editTitle')} crumbs={crumbs} />
      {stale && (
        <Alert severity="warning" sx={{ mb: 3, maxWidth: 880, mx: 'auto' }}>
          {t('common.staleEdit')}
        </Alert>
      )}
      {shown && !shown.canEdit && (
        <Alert severity="info" sx={{ maxWidth: 880, mx: 'auto' }}>
          {t('blog.form.notYours')}
        </Alert>
      )}
      {shown?.canEdit && (
        <PostForm
          key={`${shown.id}:${shown.version}`}
          post={shown}
          submitLabel={t('blog.form.save')}
          onSubmit={save}
        />
      )}
      {!shown && <Skeleton variant="rounded" height={480} sx={{ maxWidth: 880, mx: 'auto' }} />}
    </>
  );
}
