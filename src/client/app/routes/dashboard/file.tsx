import { useTranslation } from 'react-i18next';

import { PageTitle } from '../../../components/page-title/page-title.tsx';
import { FileOverviewView } from '../../../features/files/views/file-overview-view.tsx';

/** `/dashboard/file`: the file overview (issue 27 B); the route loads the `overview` and `files` texts. */
export function Component() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle title={t('overview.file.pageTitle')} />
      <FileOverviewView />
    </>
  );
}
