import { useTranslation } from 'react-i18next';

import { PageTitle } from '../../../components/page-title/page-title.tsx';
import { PermissionDeniedView } from '../../../features/public/views/permission-denied-view.tsx';

export function Component() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle title={t('permissionDenied.pageTitle')} />
      <PermissionDeniedView />
    </>
  );
}
