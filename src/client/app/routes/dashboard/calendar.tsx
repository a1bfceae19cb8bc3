import { useTranslation } from 'react-i18next';

import { PageTitle } from '../../../components/page-title/page-title.tsx';
import { CalendarView } from '../../../features/calendar/views/calendar-view.tsx';

/** `/dashboard/calendar` (issue #12). */
export function Component() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle title={t('calendar.pageTitle')} />
      <CalendarView />
    </>
  );
}
