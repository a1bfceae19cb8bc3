import { useTranslation } from 'react-i18next';

import { PageTitle } from '../../../components/page-title/page-title.tsx';
import { ContactView } from '../../../features/public/views/contact-view.tsx';

export function Component() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle title={t('contact.pageTitle')} />
      <ContactView />
    </>
  );
}
