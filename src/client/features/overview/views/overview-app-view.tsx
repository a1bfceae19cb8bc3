import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { DashboardRangeSelect } from '../../../components/date-range/dashboard-range-select.tsx';
import { useDashboardRange } from '../../../components/date-range/use-dashboard-range.ts';
import { boardWidget } from '../../../components/widget-board/board-widget.ts';
import { WidgetBoard, type BoardWidget } from '../../../components/widget-board/widget-board.tsx';
import { useAuth } from '../../../lib/auth/use-auth.ts';
import { dashboardLayoutQueryOptions } from '../../../lib/dashboard-layout.ts';
import { visuallyHidden } from '../../../lib/visually-hidden.ts';
import { useAppOverview, useAppOverviewLive } from '../api/overview-api.ts';
import { useOverviewYear } from '../api/overview-year.ts';
import { AppFeatured } from '../components/app-featured.tsx';
import { AppActivePeople, AppMessages, AppNewAccounts } from '../components/app-summaries.tsx';
import { AppWelcome } from '../components/app-welcome.tsx';
import { loadLaterWidgets } from '../components/later-widgets.ts';

// Below the welcome card and the summaries: their code (tables, the year select, ratings) comes just after
// the first paint, each widget's place kept meanwhile.
const AppSessionsByDevice = lazy(() => loadLaterWidgets().then((m) => ({ default: m.AppSessionsByDevice })));
const AppAccountsByRegion = lazy(() => loadLaterWidgets().then((m) => ({ default: m.AppAccountsByRegion })));
const AppNewInvoices = lazy(() => loadLaterWidgets().then((m) => ({ default: m.AppNewInvoices })));
const AppTopProducts = lazy(() => loadLaterWidgets().then((m) => ({ default: m.AppTopProducts })));
const AppTopCountries = lazy(() => loadLaterWidgets().then((m) => ({ default: m.AppTopCountries })));
const AppTopAuthors = lazy(() => loadLaterWidgets().then((m) => ({ default: m.AppTopAuthors })));
const AppVerifiedEmails = lazy(() => loadLaterWidgets().then((m) => ({ default: m.AppVerifiedEmails })));
const AppCompleteProfiles = lazy(() => loadLaterWidgets().then((m) => ({ default: m.AppCompleteProfiles })));

/** A later widget in its place: a card-sized skeleton until its code is there. */
const whenLoaded = (element: ReactNode) => (
  <Suspense fallback={<Skeleton variant="rounded" height={360} sx={{ borderRadius: 2 }} />}>
    {element}
  </Suspense>
);

/** The workspace figures of the answer, present for administrators only (the widget is not shown otherwise). */
type WorkspaceFigure =
  | 'activePeople'
  | 'newAccounts'
  | 'accountsByRegion'
  | 'topCountries'
  | 'verifiedEmails'
  | 'completeProfiles';

/**
 * `/dashboard/app` (issue 26 B, ADR 044): the workspace overview. A welcome card with what needs the viewer
 * today, featured posts, and the range's figures (each against the previous period), all from one request
 * (`GET /api/overview/app`) over the dashboard's date range, refreshed live when what they count changes.
 * Administrators see the workspace; anyone else their own figures, and the workspace-only widgets are not
 * shown. The widgets follow the person's saved layout (the widget board).
 */
export function OverviewAppView() {
  const { t } = useTranslation();
  const user = useAuth((state) => state.user);
  const isAdmin = user?.role === 'admin';
  const range = useDashboardRange();
  const [yearAsked, setYear] = useOverviewYear();
  const year = yearAsked ?? Number(range.to.slice(0, 4));
  const overview = useAppOverview(range, yearAsked);
  useAppOverviewLive();
  const layout = useQuery(dashboardLayoutQueryOptions('app'));
  const welcomeHidden = layout.data?.widgets.some((widget) => widget.id === 'welcome' && widget.hidden);

  // What the answer holds decides; before the first answer, the role does (administrators get them all).
  const shows = (figure: WorkspaceFigure) => (overview.data ? overview.data[figure] !== undefined : isAdmin);
  const props = { overview, range };
  const small = { sm: 6, md: 4 };
  const half = { md: 6 };

  const widgets: BoardWidget[] = [
    ...boardWidget(
      'welcome',
      t('overview.app.widgets.welcome'),
      { md: 7, lg: 8 },
      <AppWelcome overview={overview} />,
    ),
    ...boardWidget(
      'featured',
      t('overview.app.featured.title'),
      { md: 5, lg: 4 },
      <AppFeatured overview={overview} />,
    ),
    ...boardWidget(
      'active-people',
      t('overview.app.activePeople.title'),
      small,
      <AppActivePeople {...props} />,
      shows('activePeople'),
    ),
    ...boardWidget(
      'new-accounts',
      t('overview.app.newAccounts.title'),
      small,
      <AppNewAccounts {...props} />,
      shows('newAccounts'),
    ),
    ...boardWidget(
      'messages',
      t('overview.app.messages.title'),
      isAdmin ? small : { sm: 6, md: 6 },
      <AppMessages {...props} isAdmin={isAdmin} />,
    ),
    ...boardWidget(
      'sessions-by-device',
      t('overview.app.sessionsByDevice.title'),
      { md: 6, lg: 4 },
      whenLoaded(<AppSessionsByDevice {...props} isAdmin={isAdmin} />),
    ),
    ...boardWidget(
      'accounts-by-region',
      t('overview.app.accountsByRegion.title'),
      { md: 12, lg: 8 },
      whenLoaded(<AppAccountsByRegion {...props} year={year} onYearChange={setYear} />),
      shows('accountsByRegion'),
    ),
    ...boardWidget(
      'new-invoices',
      t('overview.app.newInvoices.title'),
      { md: 12, lg: 8 },
      whenLoaded(<AppNewInvoices />),
    ),
    ...boardWidget(
      'top-products',
      t('overview.app.topProducts.title'),
      { md: 6, lg: 4 },
      whenLoaded(<AppTopProducts overview={overview} />),
    ),
    ...boardWidget(
      'top-countries',
      t('overview.app.topCountries.title'),
      half,
      whenLoaded(<AppTopCountries {...props} />),
      shows('topCountries'),
    ),
    ...boardWidget(
      'top-authors',
      t('overview.app.topAuthors.title'),
      half,
      whenLoaded(<AppTopAuthors {...props} />),
    ),
    ...boardWidget(
      'verified-email',
      t('overview.app.verifiedEmails.title'),
      half,
      whenLoaded(<AppVerifiedEmails {...props} />),
      shows('verifiedEmails'),
    ),
    ...boardWidget(
      'profile-completion',
      t('overview.app.completeProfiles.title'),
      half,
      whenLoaded(<AppCompleteProfiles {...props} />),
      shows('completeProfiles'),
    ),
  ];

  return (
    <>
      {/* The greeting is the page's heading; with the welcome card hidden, it stays for screen readers. */}
      {welcomeHidden && (
        <Box component="h1" sx={visuallyHidden}>
          {t('overview.app.welcome', { name: user?.displayName ?? '' })}
        </Box>
      )}
      <WidgetBoard dashboard="app" widgets={widgets} actions={<DashboardRangeSelect />} />
    </>
  );
}
