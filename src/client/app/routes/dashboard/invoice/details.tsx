import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';

import { PageTitle } from '../../../../components/page-title/page-title.tsx';
import { InvoiceDetailsView } from '../../../../features/invoices/views/invoice-details-view.tsx';

/** `/dashboard/invoice/{id}` (an id, or a number such as `INV-1001`). */
export function Component() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  return (
    <>
      <PageTitle title={t('invoices.invoice')} />
      <InvoiceDetailsView key={id} id={id} />
    </>
  );
}
