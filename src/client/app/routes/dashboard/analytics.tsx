import { useTranslation } from 'react-i18next';

import { PageTitle } from '../../../components/page-title/page-title.tsx';
import { AnalyticsOverviewView } from '../../../features/analytics/views/analytics-overview-view.tsx';

/** `/dashboard/analytics`: the analytics overview (issue 30 B); the route loads the `analytics` texts. */
export function Component() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle title={t('analytics.pageTitle')} />
      <AnalyticsOverviewView />
    </>
  );
}
