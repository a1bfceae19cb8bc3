import { useTranslation } from 'react-i18next';

import { PageTitle } from '../../../components/page-title/page-title.tsx';
import { BlankView } from '../../../features/public/views/blank-view.tsx';

export function Component() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle title={t('blank.pageTitle')} />
      <BlankView />
    </>
  );
}
