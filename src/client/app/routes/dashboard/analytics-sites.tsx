import { useTranslation } from 'react-i18next';

import { PageTitle } from '../../../components/page-title/page-title.tsx';
import { AnalyticsSitesView } from '../../../features/analytics/views/analytics-sites-view.tsx';

/** `/dashboard/analytics/sites`: the sites, their snippets and installation checks (issue 30 B). */
export function Component() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle title={t('analytics.nav.sites')} />
      <AnalyticsSitesView />
    </>
  );
}
