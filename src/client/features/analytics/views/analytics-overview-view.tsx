import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

import type { AnalyticsSite } from '#shared/contract/analytics.ts';

import { DashboardRangeSelect } from '../../../components/date-range/dashboard-range-select.tsx';
import { useDashboardRange } from '../../../components/date-range/use-dashboard-range.ts';
import { PageHeading } from '../../../components/page-heading/page-heading.tsx';
import { boardWidget } from '../../../components/widget-board/board-widget.ts';
import { WidgetBoard, type BoardWidget } from '../../../components/widget-board/widget-board.tsx';
import { useAuth } from '../../../lib/auth/use-auth.ts';
import { useAnalyticsLive, useAnalyticsSites } from '../api/analytics-api.ts';
import {
  siteParamOf,
  useAnalyticsOverview,
  useAnalyticsOverviewLive,
} from '../api/analytics-overview-api.ts';
import { AnalyticsPageLinks } from '../components/analytics-page-links.tsx';
import {
  AnalyticsConversionRates,
  AnalyticsCurrentSubject,
  AnalyticsCurrentVisits,
  AnalyticsSummary,
  AnalyticsTrafficBySite,
  AnalyticsWebsiteVisits,
} from '../components/overview-figures.tsx';
import { AnalyticsNews, AnalyticsOrderTimeline } from '../components/overview-lists.tsx';
import { AnalyticsTasks } from '../components/overview-tasks.tsx';
import type { AnalyticsWidgetContext } from '../components/overview-widget.ts';
import { SiteSelect } from '../components/site-select.tsx';

/** The sites in the select: the built-in one first, then by name. */
const sitesInOrder = (sites: readonly AnalyticsSite[]) =>
  [...sites].sort((a, b) => Number(b.builtIn) - Number(a.builtIn) || a.name.localeCompare(b.name));

/**
 * `/dashboard/analytics` (issue 30 B, ADR 056): the workspace and its site's traffic on the overview blocks,
 * from one request (`GET /api/analytics/overview`) over the dashboard's range and the site chosen at the top
 * (`?site=`; administrators, the built-in site by default): weekly sales, new users (administrators), purchase
 * orders and messages with their change; the site's visits by country (a slice opens that country's pages),
 * visits against the previous period, conversion rates by country and traffic by source (administrators);
 * how much each area was used; the latest posts and order events; and the viewer's cards due soon, with Mark
 * complete, Edit, Share and Delete. New events, site changes and the areas' own events refresh it live.
 */
export function AnalyticsOverviewView() {
  const { t } = useTranslation();
  const range = useDashboardRange();
  const [params] = useSearchParams();
  const isAdmin = useAuth((state) => state.user?.role === 'admin');
  const sites = useAnalyticsSites(isAdmin);
  const overview = useAnalyticsOverview({
    from: range.from,
    to: range.to,
    tz: range.tz,
    site: isAdmin ? siteParamOf(params) : undefined,
  });
  useAnalyticsLive();
  useAnalyticsOverviewLive();

  const ctx: AnalyticsWidgetContext = {
    data: overview.data,
    loading: overview.isPending,
    error: overview.isError && !overview.data,
    retry: () => void overview.refetch(),
    range,
  };
  // New users and the site's traffic are the administrators' (the answer has them for administrators only).
  const showsUsers = overview.data ? overview.data.newUsers !== undefined : isAdmin;
  const showsTraffic = isAdmin;
  const summary = { sm: 6, md: 3 };
  const ordered = sites.data ? sitesInOrder(sites.data) : [];
  const chosen =
    ordered.find((site) => site.id === (siteParamOf(params) ?? overview.data?.site.id)) ??
    ordered.find((site) => site.builtIn);

  const widgets: BoardWidget[] = [
    ...boardWidget(
      'weekly-sales',
      t('analytics.overview.weeklySales.title'),
      summary,
      <AnalyticsSummary ctx={ctx} kind="weeklySales" />,
    ),
    ...boardWidget(
      'new-users',
      t('analytics.overview.newUsers.title'),
      summary,
      <AnalyticsSummary ctx={ctx} kind="newUsers" />,
      showsUsers,
    ),
    ...boardWidget(
      'purchase-orders',
      t('analytics.overview.purchaseOrders.title'),
      summary,
      <AnalyticsSummary ctx={ctx} kind="purchaseOrders" />,
    ),
    ...boardWidget(
      'messages',
      t('analytics.overview.messages.title'),
      summary,
      <AnalyticsSummary ctx={ctx} kind="messages" />,
    ),
    ...boardWidget(
      'current-visits',
      t('analytics.overview.currentVisits.title'),
      { md: 6, lg: 4 },
      <AnalyticsCurrentVisits ctx={ctx} />,
      showsTraffic,
    ),
    ...boardWidget(
      'website-visits',
      t('analytics.overview.websiteVisits.title'),
      { md: 6, lg: 8 },
      <AnalyticsWebsiteVisits ctx={ctx} />,
      showsTraffic,
    ),
    ...boardWidget(
      'conversion-rates',
      t('analytics.overview.conversion.title'),
      { md: 6, lg: 8 },
      <AnalyticsConversionRates ctx={ctx} />,
      showsTraffic,
    ),
    ...boardWidget(
      'current-subject',
      t('analytics.overview.subject.title'),
      { md: 6, lg: 4 },
      <AnalyticsCurrentSubject ctx={ctx} />,
    ),
    ...boardWidget('news', t('analytics.overview.news.title'), { md: 6, lg: 8 }, <AnalyticsNews ctx={ctx} />),
    ...boardWidget(
      'order-timeline',
      t('analytics.overview.timeline.title'),
      { md: 6, lg: 4 },
      <AnalyticsOrderTimeline ctx={ctx} />,
    ),
    ...boardWidget(
      'traffic-by-site',
      t('analytics.overview.traffic.title'),
      { md: 6, lg: 4 },
      <AnalyticsTrafficBySite ctx={ctx} />,
      showsTraffic,
    ),
    ...boardWidget(
      'tasks',
      t('analytics.overview.tasks.title'),
      { md: 6, lg: 8 },
      <AnalyticsTasks tz={range.tz} />,
    ),
  ];

  return (
    <>
      <PageHeading title={t('analytics.pageTitle')} />
      {isAdmin && <AnalyticsPageLinks current="overview" />}
      <WidgetBoard
        dashboard="analytics"
        widgets={widgets}
        actions={
          <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
            {isAdmin && ordered.length > 0 && <SiteSelect sites={ordered} value={chosen} />}
            <DashboardRangeSelect />
          </Stack>
        }
      />
    </>
  );
}
