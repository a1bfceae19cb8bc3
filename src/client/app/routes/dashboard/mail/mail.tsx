import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';

import { PageTitle } from '../../../../components/page-title/page-title.tsx';
import { paths } from '../../../../config/paths.ts';
import { MailView } from '../../../../features/mail/views/mail-view.tsx';

/** `/dashboard/mail` (the inbox) and `/dashboard/mail/all` (all mail); the rest lives in the address. */
export function Component() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <>
      <PageTitle title={t('mail.pageTitle')} />
      <MailView defaultLabel={pathname.startsWith(paths.dashboard.mail.all) ? 'all' : 'inbox'} />
    </>
  );
}
