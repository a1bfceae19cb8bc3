import HomeOutlined from '@mui/icons-material/HomeOutlined';
import Skeleton from '@mui/material/Skeleton';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';

import { PageTitle } from '../../../../components/page-title/page-title.tsx';
import { AccountView } from '../../../../features/users/views/account-view.tsx';
import { ensureTranslations } from '../../../../locales/i18n.ts';

/** The shop's address book, with its texts, loaded when its tab opens. */
const AddressBook = lazy(() =>
  Promise.all([
    import('../../../../features/orders/components/address-book.tsx'),
    ensureTranslations('orders'),
  ]).then(([module]) => ({ default: module.AddressBook })),
);

export function Component() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle title={t('users.account.pageTitle')} />
      <AccountView
        extraTabs={[
          {
            value: 'addresses',
            label: t('users.account.tabs.addresses'),
            icon: <HomeOutlined />,
            panel: (
              <Suspense fallback={<Skeleton variant="rounded" height={160} sx={{ maxWidth: 720 }} />}>
                <AddressBook />
              </Suspense>
            ),
          },
        ]}
      />
    </>
  );
}
