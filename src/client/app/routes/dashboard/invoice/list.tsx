import { useTranslation } from 'react-i18next';

import { PageTitle } from '../../../../components/page-title/page-title.tsx';
import { InvoiceListView } from '../../../../features/invoices/views/invoice-list-view.tsx';

/** `/dashboard/invoice/list`: one's own invoices (administrators: everyone's; the API decides). */
export function Component() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle title={t('invoices.title')} />
      <InvoiceListView />
    </>
  );
}
