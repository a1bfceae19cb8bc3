import { useTranslation } from 'react-i18next';

import type { FeaturedPost } from '#shared/contract/posts.ts';

import { CarouselSlide } from '../../../components/widget-card/carousel-slide.tsx';
import { CarouselWidget } from '../../../components/widget-card/carousel-widget.tsx';
import type { WidgetData } from '../../../components/widget-card/widget-export.ts';
import { paths } from '../../../config/paths.ts';
import { useAuth } from '../../../lib/auth/use-auth.ts';
import { fDate } from '../../../lib/format.ts';
import { cardState, type AppWidgetProps } from './app-widget.ts';

const HEIGHT = 280;

/**
 * "Featured": the newest published posts an administrator featured, one slide each, each opening the post.
 * Without any, administrators are told how to feature one; everyone else that there is none yet.
 */
export function AppFeatured({ overview }: Pick<AppWidgetProps, 'overview'>) {
  const { t } = useTranslation();
  const isAdmin = useAuth((state) => state.user?.role === 'admin');
  const posts = overview.data?.featured ?? [];
  const data: WidgetData<FeaturedPost> = {
    columns: [
      { header: t('overview.app.featured.columns.title'), value: (post) => post.title },
      { header: t('overview.app.featured.columns.author'), value: (post) => post.author.name },
      { header: t('overview.app.featured.columns.published'), value: (post) => post.publishedAt },
    ],
    rows: posts,
  };
  return (
    <CarouselWidget<FeaturedPost, FeaturedPost>
      id="featured"
      title={t('overview.app.featured.title')}
      info={t('overview.app.featured.info')}
      {...cardState(overview)}
      emptyText={t(isAdmin ? 'overview.app.featured.emptyAdmin' : 'overview.app.featured.empty')}
      items={posts}
      itemKey={(post) => post.id}
      height={HEIGHT}
      data={data}
      list={{ to: paths.dashboard.blog.posts }}
      sx={{ height: 1 }}
      renderItem={(post) => (
        <CarouselSlide
          to={paths.dashboard.blog.post(post.slug)}
          imageUrl={post.coverUrl}
          height={HEIGHT}
          overline={t('overview.app.featured.byline', {
            name: post.author.name || t('overview.app.unknownPerson'),
            date: fDate(post.publishedAt),
          })}
          title={post.title}
          subtitle={post.description}
        />
      )}
    />
  );
}
