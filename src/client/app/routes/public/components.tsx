import { useTranslation } from 'react-i18next';

import { PageTitle } from '../../../components/page-title/page-title.tsx';
import { ComponentsView } from '../../../features/public/views/components-view.tsx';

export function Component() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle title={t('componentsGallery.pageTitle')} />
      <ComponentsView />
    </>
  );
}
