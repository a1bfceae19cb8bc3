import { useTranslation } from 'react-i18next';

import { PageTitle } from '../../../../components/page-title/page-title.tsx';
import { InvoiceCreateView } from '../../../../features/invoices/views/invoice-form-view.tsx';

/** `/dashboard/invoice/new`. */
export function Component() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle title={t('invoices.newInvoice')} />
      <InvoiceCreateView />
    </>
  );
}
