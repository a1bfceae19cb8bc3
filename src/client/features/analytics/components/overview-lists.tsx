import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArticleOutlined from '@mui/icons-material/ArticleOutlined';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import type { AnalyticsOverview } from '#shared/contract/analytics.ts';
import { orderStatuses } from '#shared/contract/orders-limits.ts';

import { TableWidget } from '../../../components/widget-card/table-widget.tsx';
import { paths } from '../../../config/paths.ts';
import { fDateTime, fRelativeTime } from '../../../lib/format.ts';
import { cardState, type AnalyticsWidgetContext } from './overview-widget.ts';

type NewsItem = AnalyticsOverview['news'][number];

/** "News": the latest published posts, each opening the post; View all opens the posts. */
export function AnalyticsNews({ ctx }: { ctx: AnalyticsWidgetContext }) {
  const { t } = useTranslation();
  const items = ctx.data?.news ?? [];
  const title = t('analytics.overview.news.title');
  return (
    <TableWidget<NewsItem>
      id="news"
      title={title}
      info={t('analytics.overview.news.info')}
      {...cardState(ctx)}
      empty={ctx.data !== undefined && items.length === 0}
      emptyText={t('analytics.overview.news.empty')}
      data={{
        columns: [
          { header: t('analytics.overview.columns.title'), value: (item) => item.title },
          { header: t('analytics.overview.columns.description'), value: (item) => item.description },
          { header: t('analytics.overview.columns.published'), value: (item) => item.publishedAt },
        ],
        rows: items,
      }}
      fileName="news"
      viewAll={{ to: paths.dashboard.blog.posts, label: t('analytics.overview.news.viewAll') }}
      sx={{ height: 1 }}
    >
      <Stack component="ul" aria-label={title} spacing={2.5} sx={{ m: 0, p: 0, listStyle: 'none' }}>
        {items.map((item) => (
          <Box component="li" key={item.id} data-post={item.id} sx={{ display: 'flex', gap: 2 }}>
            <Avatar
              variant="rounded"
              src={item.coverUrl ?? undefined}
              alt=""
              sx={{ width: 48, height: 48, flexShrink: 0, bgcolor: 'background.neutral' }}
            >
              <ArticleOutlined aria-hidden />
            </Avatar>
            <Box sx={{ minWidth: 0, flex: 1 }}>
              <Link
                component={RouterLink}
                to={paths.dashboard.blog.post(item.slug)}
                variant="subtitle2"
                underline="hover"
                color="inherit"
                sx={{ display: 'block', overflowWrap: 'anywhere' }}
              >
                {item.title}
              </Link>
              {item.description && (
                <Typography
                  variant="body2"
                  sx={{
                    color: 'text.secondary',
                    display: '-webkit-box',
                    WebkitLineClamp: 1,
                    WebkitBoxOrient: 'vertical',
                    overflow: 'hidden',
                  }}
                >
                  {item.description}
                </Typography>
              )}
            </Box>
            <Typography
              variant="caption"
              component="time"
              dateTime={item.publishedAt}
              title={fDateTime(item.publishedAt)}
              sx={{ color: 'text.secondary', flexShrink: 0, whiteSpace: 'nowrap' }}
            >
              {fRelativeTime(item.publishedAt)}
            </Typography>
          </Box>
        ))}
      </Stack>
    </TableWidget>
  );
}

type TimelineEvent = AnalyticsOverview['orderTimeline'][number];

const actionColor: Record<string, string> = {
  pending: 'warning.main',
  paid: 'info.main',
  completed: 'success.main',
  cancelled: 'error.main',
  refunded: 'secondary.main',
};

/** "Order timeline": the latest orders' events, newest first, each opening its order. */
export function AnalyticsOrderTimeline({ ctx }: { ctx: AnalyticsWidgetContext }) {
  const { t } = useTranslation();
  const events = ctx.data?.orderTimeline ?? [];
  const title = t('analytics.overview.timeline.title');
  const actionName = (action: string) =>
    (orderStatuses as readonly string[]).includes(action)
      ? t(`analytics.overview.timeline.actions.${action as (typeof orderStatuses)[number]}`)
      : action;
  return (
    <TableWidget<TimelineEvent>
      id="order-timeline"
      title={title}
      info={t('analytics.overview.timeline.info')}
      {...cardState(ctx)}
      empty={ctx.data !== undefined && events.length === 0}
      emptyText={t('analytics.overview.timeline.empty')}
      data={{
        columns: [
          { header: t('analytics.overview.columns.order'), value: (event) => event.number },
          { header: t('analytics.overview.columns.event'), value: (event) => actionName(event.action) },
          { header: t('analytics.overview.columns.at'), value: (event) => event.at },
        ],
        rows: events,
      }}
      fileName="order-timeline"
      viewAll={{ to: paths.dashboard.order.list, label: t('analytics.overview.timeline.viewAll') }}
      sx={{ height: 1 }}
    >
      <Box component="ol" aria-label={title} sx={{ m: 0, p: 0, listStyle: 'none' }}>
        {events.map((event, index) => (
          <Box
            component="li"
            key={`${event.orderId}-${event.action}-${event.at}`}
            sx={{ display: 'flex', gap: 2, minHeight: 56 }}
          >
            <Box
              aria-hidden
              sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', pt: 0.75 }}
            >
              <Box
                sx={{
                  width: 12,
                  height: 12,
                  borderRadius: '50%',
                  bgcolor: actionColor[event.action] ?? 'grey.500',
                  flexShrink: 0,
                }}
              />
              {index < events.length - 1 && <Box sx={{ width: 2, flex: 1, bgcolor: 'divider', my: 0.5 }} />}
            </Box>
            <Box sx={{ minWidth: 0, pb: 1.5 }}>
              <Link
                component={RouterLink}
                to={paths.dashboard.order.details(event.orderId)}
                variant="subtitle2"
                underline="hover"
                color="inherit"
              >
                {t('analytics.overview.timeline.event', {
                  action: actionName(event.action),
                  number: event.number,
                })}
              </Link>
              <Typography
                variant="caption"
                component="time"
                dateTime={event.at}
                sx={{ display: 'block', color: 'text.secondary' }}
              >
                {fDateTime(event.at)}
              </Typography>
            </Box>
          </Box>
        ))}
      </Box>
    </TableWidget>
  );
}
