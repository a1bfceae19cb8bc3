import { useTranslation } from 'react-i18next';

import { PageTitle } from '../../../components/page-title/page-title.tsx';
import { AboutView } from '../../../features/public/views/about-view.tsx';

export function Component() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle title={t('about.pageTitle')} />
      <AboutView />
    </>
  );
}
