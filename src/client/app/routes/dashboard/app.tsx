import { useTranslation } from 'react-i18next';

import { PageTitle } from '../../../components/page-title/page-title.tsx';
import { OverviewAppView } from '../../../features/overview/views/overview-app-view.tsx';
import { usePageExists } from '../../../layouts/dashboard/use-page-exists.ts';

export function Component() {
  const { t } = useTranslation();
  const pageExists = usePageExists();
  return (
    <>
      <PageTitle title={t('overview.app.pageTitle')} />
      <OverviewAppView pageExists={pageExists} />
    </>
  );
}
