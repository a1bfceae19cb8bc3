import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';

import { ANALYTICS_ROWS_PAGE_SIZE, type AnalyticsDimension } from '#shared/contract/analytics-limits.ts';
import { analyticsBreakdownSorts } from '#shared/contract/analytics.ts';

import { NotFoundView } from '../../../components/error-views/not-found-view.tsx';
import { listTableProps, useListState } from '../../../components/data-table/use-list-state.ts';
import { readRange, resolveRange, todayIn } from '../../../components/date-range/dashboard-range.ts';
import { DashboardRangeSelect } from '../../../components/date-range/dashboard-range-select.tsx';
import { PageHeading } from '../../../components/page-heading/page-heading.tsx';
import { PageTitle } from '../../../components/page-title/page-title.tsx';
import { useSnackbar } from '../../../components/snackbar/use-snackbar.ts';
import { TabStrip } from '../../../components/tab-strip/tab-strip.tsx';
import { paths } from '../../../config/paths.ts';
import { useAuth } from '../../../lib/auth/use-auth.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import type { ListStateConfig } from '../../../lib/list-state.ts';
import {
  exportBreakdownCsv,
  useAnalyticsBreakdown,
  useAnalyticsLive,
  useAnalyticsSites,
  useAnalyticsSummary,
} from '../api/analytics-api.ts';
import type { AnalyticsBreakdownParams } from '../api/analytics-keys.ts';
import { AnalyticsPageLinks } from '../components/analytics-page-links.tsx';
import {
  filterParam,
  readFilters,
  resolveView,
  tabOf,
  viewDimensions,
  withFilter,
  type AnalyticsView,
} from '../components/analytics-views.ts';
import { BreakdownTable } from '../components/breakdown-table.tsx';
import { DetailsSummary } from '../components/details-summary.tsx';
import { FilterChips } from '../components/filter-chips.tsx';
import { SiteSelect, useSelectedSite } from '../components/site-select.tsx';
import { VisitorsNow } from '../components/visitors-now.tsx';

type Sort = (typeof analyticsBreakdownSorts)[number];

/** The breakdown table's address state: page sizes up to the contract's largest, its sort keys. */
const listConfig: ListStateConfig<Sort, never> = {
  pageSizes: [ANALYTICS_ROWS_PAGE_SIZE, 25, 50, 100],
  defaultPageSize: ANALYTICS_ROWS_PAGE_SIZE,
  sortKeys: analyticsBreakdownSorts,
};

/**
 * `/dashboard/analytics/:view` (issue 30 B): one breakdown of a site's traffic (pages, sources, countries,
 * devices, languages, events; a view with several dimensions has them as tabs), for the site and the
 * dashboard range of the address, in the site's days. A summary strip and the visits chart against the
 * previous period, the table (server-paged and sorted), CSV of the same, "visitors now" live. A value
 * clicked filters every figure of the view, and the filters stay when another view is opened. An unknown
 * view is not found.
 */
export function AnalyticsDetailsView() {
  const { view: name } = useParams();
  const resolved = resolveView(name);
  const isAdmin = useAuth((state) => state.user?.role === 'admin');
  if (!resolved) return <NotFoundView />;
  if (!isAdmin) return <AdminsOnly />;
  return <Details view={resolved.view} defaultTab={resolved.tab} />;
}

function AdminsOnly() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeading title={t('analytics.pageTitle')} />
      <Alert severity="info">{t('analytics.details.adminsOnly')}</Alert>
    </>
  );
}

function Details({ view, defaultTab }: { view: AnalyticsView; defaultTab: AnalyticsDimension }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const [params, setParams] = useSearchParams();
  useAnalyticsLive();
  const sites = useAnalyticsSites();
  const site = useSelectedSite(sites.data);
  const dim = tabOf(view, defaultTab, params.get('tab'));
  const list = useListState(listConfig);

  // The range of the address, in the site's days (its time zone), compared with the period before it.
  const search = params.toString();
  const timeZone = site?.timeZone ?? 'UTC';
  const range = useMemo(
    () => resolveRange(readRange(new URLSearchParams(search)), timeZone, todayIn(timeZone)),
    [search, timeZone],
  );
  const filters = useMemo(() => readFilters(new URLSearchParams(search)).map(filterParam), [search]);
  const figures = useMemo(
    () => ({ from: range.from, to: range.to, filters }),
    [range.from, range.to, filters],
  );
  const breakdownQuery: AnalyticsBreakdownParams = {
    ...figures,
    page: list.page + 1,
    pageSize: list.pageSize,
    sort: list.sort?.field,
    order: list.sort?.order,
  };
  const summary = useAnalyticsSummary(site?.id, figures);
  const breakdown = useAnalyticsBreakdown(site?.id, dim, breakdownQuery);
  const previousLabel = t('overview.range.vsPrevious', { count: range.days });
  const [exporting, setExporting] = useState(false);

  const title = t(`analytics.details.views.${view}`);
  const tabs = viewDimensions[view];

  const exportCsv = async () => {
    if (!site) return;
    setExporting(true);
    try {
      await exportBreakdownCsv(site.id, dim, breakdownQuery);
    } catch (error) {
      enqueueSnackbar(errorMessage(error, t), { variant: 'error' });
    } finally {
      setExporting(false);
    }
  };

  const addFilter = (value: string) => {
    const next = withFilter(params, { dim, value });
    if (next === params) {
      enqueueSnackbar(t('analytics.details.filters.tooMany'), { variant: 'info' });
      return;
    }
    void setParams(next, { replace: true });
  };

  const setTab = (next: AnalyticsDimension) =>
    void setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === viewDimensions[view][0]) updated.delete('tab');
        else updated.set('tab', next);
        for (const name of ['page', 'sort', 'order']) updated.delete(name);
        return updated;
      },
      { replace: true },
    );

  return (
    <>
      <PageTitle title={title} />
      <PageHeading
        title={title}
        crumbs={[
          { label: t('analytics.pageTitle'), to: paths.dashboard.general.analytics },
          { label: title },
        ]}
        action={<VisitorsNow siteId={site?.id} />}
      />
      <AnalyticsPageLinks current={view} />
      {sites.isError && (
        <Alert severity="error" sx={{ mb: 3 }}>
          {errorMessage(sites.error, t)}
        </Alert>
      )}
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        useFlexGap
        sx={{ mb: 2, alignItems: { sm: 'center' }, flexWrap: 'wrap' }}
      >
        {sites.data && <SiteSelect sites={sites.data} value={site} />}
        <DashboardRangeSelect />
      </Stack>
      <Stack spacing={3}>
        <FilterChips />
        <DetailsSummary summary={summary.data} error={summary.error} previousLabel={previousLabel} />
        <Card>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            sx={{ px: 2.5, pt: 1, pb: 1, alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
          >
            {tabs.length > 1 ? (
              <TabStrip
                value={dim}
                label={t('analytics.details.tabs', { view: title })}
                onChange={setTab}
                items={tabs.map((tab) => ({ value: tab, label: t(`analytics.dimensions.${tab}`) }))}
              />
            ) : (
              <span />
            )}
            <Button
              color="inherit"
              startIcon={<FileDownloadOutlined />}
              loading={exporting}
              disabled={!site}
              onClick={() => void exportCsv()}
              sx={{ flexShrink: 0, alignSelf: { xs: 'flex-end', sm: 'center' } }}
            >
              {t('analytics.details.export')}
            </Button>
          </Stack>
          <BreakdownTable
            dim={dim}
            rows={breakdown.data?.rows ?? []}
            rowCount={breakdown.data?.total ?? 0}
            hasNextPage={breakdown.data?.hasNextPage ?? false}
            sort={list.sort}
            onSortChange={(sort) => list.setSort(sort as typeof list.sort)}
            onFilter={addFilter}
            previousLabel={previousLabel}
            {...listTableProps(
              list,
              listConfig,
              breakdown,
              breakdown.error && errorMessage(breakdown.error, t),
            )}
          />
        </Card>
      </Stack>
    </>
  );
}
