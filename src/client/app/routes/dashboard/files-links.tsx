import { useTranslation } from 'react-i18next';

import { PageTitle } from '../../../components/page-title/page-title.tsx';
import { SharedLinksView } from '../../../features/files/views/shared-links-view.tsx';

/** /dashboard/files-manager/links: the share links of the files area (everyone's for administrators). */
export function Component() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle title={t('files.links.title')} />
      <SharedLinksView />
    </>
  );
}
