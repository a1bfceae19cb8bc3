import Add from '@mui/icons-material/Add';
import StarRounded from '@mui/icons-material/StarRounded';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';

import { postSorts, postTabs, type PostTab } from '#shared/contract/posts-limits.ts';

import { useListState } from '../../../components/data-table/use-list-state.ts';
import { Label } from '../../../components/label/label.tsx';
import { TabStrip } from '../../../components/tab-strip/tab-strip.tsx';
import { CardGrid } from '../../../components/card-grid/card-grid.tsx';
import { PageHeading } from '../../../components/page-heading/page-heading.tsx';
import { SearchSuggestField } from '../../../components/search-suggest/search-suggest-field.tsx';
import { paths } from '../../../config/paths.ts';
import { useAuth } from '../../../lib/auth/use-auth.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { fNumber } from '../../../lib/format.ts';
import { prefetchRoute } from '../../../lib/route-prefetch.ts';
import { postsList, usePosts } from '../api/posts-list.ts';
import { useLivePosts, usePostSuggestions } from '../api/posts-api.ts';
import { PostCard } from '../components/post-card.tsx';

/**
 * `/dashboard/blog/posts` (issue #14): the posts the caller may see as cards, searched (with suggestions
 * that open a post), sorted, in tabs with their counts (drafts: the caller's own, every one for
 * administrators) and paged; the state is in the address. Others' posts, likes and comments arrive live.
 * Administrators feature posts on the overview from the cards, and keep the featured ones with "Featured
 * only" (`?featured=true`).
 */
export function PostListView() {
  const { t } = useTranslation();
  const isAdmin = useAuth((state) => state.user?.role === 'admin');
  const navigate = useNavigate();
  const list = useListState(postsList.config);
  const params = postsList.paramsOf(list);
  const posts = usePosts(params);
  useLivePosts();
  const [suggestFor, setSuggestFor] = useState('');
  const suggestions = usePostSuggestions(suggestFor);
  const counts = posts.data?.counts;
  const capped = posts.data?.totalCapped ?? false;
  const countText = (count: number) =>
    capped && count >= 1000 ? t('posts.list.countCapped', { number: fNumber(1000) }) : fNumber(count);
  const pages = posts.data
    ? Math.max(1, Math.ceil(posts.data.total / params.pageSize), posts.data.hasNextPage ? params.page + 1 : 1)
    : 1;

  return (
    <>
      <PageHeading
        title={t('posts.list.title')}
        crumbs={[{ label: t('nav.blog'), to: paths.dashboard.blog.root }, { label: t('nav.posts') }]}
        action={
          <Button
            component={RouterLink}
            to={paths.dashboard.blog.new}
            variant="contained"
            startIcon={<Add />}
            onPointerEnter={() => prefetchRoute(paths.dashboard.blog.new)}
            onFocus={() => prefetchRoute(paths.dashboard.blog.new)}
          >
            {t('posts.list.newPost')}
          </Button>
        }
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 3, alignItems: { sm: 'center' } }}>
        <SearchSuggestField
          value={list.search}
          label={t('posts.list.search')}
          placeholder={t('posts.list.searchPlaceholder')}
          noOptionsText={t('posts.list.noSuggestions')}
          options={suggestFor ? (suggestions.data?.results ?? []) : []}
          onWords={setSuggestFor}
          getLabel={(post) => post.title}
          renderOption={(post) => (
            <>
              <Avatar
                variant="rounded"
                src={post.coverUrl ?? undefined}
                alt=""
                sx={{ width: 48, height: 32 }}
              />
              <Typography variant="body2" dir="auto" sx={{ flexGrow: 1 }} noWrap>
                {post.title}
              </Typography>
            </>
          )}
          onSearch={list.setSearchInput}
          onPick={(post) => void navigate(paths.dashboard.blog.post(post.slug))}
        />
        <Box sx={{ flexGrow: 1 }} />
        {isAdmin && (
          <ToggleButton
            value="featured"
            size="small"
            selected={params.featured}
            onChange={() => list.setFilter('featured', params.featured ? undefined : 'true')}
            sx={{ flexShrink: 0, gap: 0.5, px: 1.5, alignSelf: { xs: 'flex-start', sm: 'center' } }}
          >
            <StarRounded fontSize="small" />
            {t('posts.featured.filter')}
          </ToggleButton>
        )}
        <TextField
          select
          label={t('posts.list.sortBy')}
          value={params.sort}
          onChange={(event) =>
            list.setFilter('sort', event.target.value === 'latest' ? undefined : event.target.value)
          }
          sx={{ width: { xs: 1, sm: 180 }, flexShrink: 0 }}
        >
          {postSorts.map((sort) => (
            <MenuItem key={sort} value={sort}>
              {t(`posts.sorts.${sort}`)}
            </MenuItem>
          ))}
        </TextField>
      </Stack>

      {params.author && (
        <Stack direction="row" sx={{ mb: 2 }}>
          <Chip
            size="small"
            avatar={
              posts.data?.author ? (
                <Avatar src={posts.data.author.avatarUrl ?? undefined} alt="">
                  {posts.data.author.name.charAt(0)}
                </Avatar>
              ) : undefined
            }
            label={t('posts.list.authorFilter', {
              name:
                posts.data?.author === undefined
                  ? '…'
                  : (posts.data.author?.name ?? t('posts.list.unknownAuthor')),
            })}
            onDelete={() => list.setFilter('author', undefined)}
          />
        </Stack>
      )}
      <TabStrip
        value={params.tab}
        onChange={(value: PostTab) => list.setFilter('tab', value === 'all' ? undefined : value)}
        label={t('posts.list.tabsLabel')}
        sx={{ mb: 3 }}
        items={postTabs.map((tab) => ({
          value: tab,
          label: t(`posts.tabs.${tab}`),
          end: (
            <Label color={tab === 'published' ? 'success' : tab === 'draft' ? 'warning' : 'default'}>
              {counts ? countText(counts[tab]) : '…'}
            </Label>
          ),
        }))}
      />

      {posts.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void posts.refetch()}>
              {t('common.retry')}
            </Button>
          }
        >
          {errorMessage(posts.error, t)}
        </Alert>
      )}
      <CardGrid
        label={t('posts.list.title')}
        items={posts.data?.posts}
        pending={posts.isPending}
        fetching={posts.isFetching}
        stale={posts.isPlaceholderData}
        skeletonSx={{ height: 340 }}
        empty={
          params.search || params.author
            ? { title: t('posts.list.noResults'), hint: t('posts.list.noResultsHint') }
            : params.featured
              ? { title: t('posts.featured.none'), hint: t('posts.featured.noneHint') }
              : { title: t('posts.list.empty') }
        }
        renderItem={(post) => <PostCard key={post.id} post={post} />}
      />
      {pages > 1 && (
        <Pagination
          count={pages}
          page={params.page}
          onChange={(_event, page) => list.setPage(page - 1)}
          sx={{ mt: 5, display: 'flex', justifyContent: 'center' }}
        />
      )}
    </>
  );
}
