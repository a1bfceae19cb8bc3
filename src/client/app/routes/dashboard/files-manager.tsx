import { useTranslation } from 'react-i18next';

import { PageTitle } from '../../../components/page-title/page-title.tsx';
import { FilesManagerView } from '../../../features/files/views/files-manager-view.tsx';

/** `/dashboard/files-manager`: one's files and folders, what others share, favourites, recent and trash. */
export function Component() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle title={t('files.title')} />
      <FilesManagerView />
    </>
  );
}
