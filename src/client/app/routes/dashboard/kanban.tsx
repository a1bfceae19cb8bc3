import { useTranslation } from 'react-i18next';

import { PageTitle } from '../../../components/page-title/page-title.tsx';
import { KanbanView } from '../../../features/kanban/views/kanban-view.tsx';

/** `/dashboard/kanban` (issue #12). */
export function Component() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle title={t('kanban.pageTitle')} />
      <KanbanView />
    </>
  );
}
