import { useTranslation } from 'react-i18next';

import { PageTitle } from '../../../components/page-title/page-title.tsx';
import { FaqsView } from '../../../features/public/views/faqs-view.tsx';

export function Component() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle title={t('faqs.pageTitle')} />
      <FaqsView />
    </>
  );
}
