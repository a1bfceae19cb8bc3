import { useTranslation } from 'react-i18next';

import { PageTitle } from '../../../components/page-title/page-title.tsx';
import { OverviewAppView } from '../../../features/overview/views/overview-app-view.tsx';

export function Component() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle title={t('overview.app.pageTitle')} />
      <OverviewAppView />
    </>
  );
}
