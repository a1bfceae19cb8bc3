import { useTranslation } from 'react-i18next';

import { PageTitle } from '../../../../components/page-title/page-title.tsx';
import { UserCardsView } from '../../../../features/users/views/user-cards-view.tsx';

export function Component() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle title={t('users.cards.pageTitle')} />
      <UserCardsView />
    </>
  );
}
