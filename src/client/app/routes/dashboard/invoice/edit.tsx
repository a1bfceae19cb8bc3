import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';

import { PageTitle } from '../../../../components/page-title/page-title.tsx';
import { InvoiceEditView } from '../../../../features/invoices/views/invoice-form-view.tsx';

/** `/dashboard/invoice/{id}/edit`. */
export function Component() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  return (
    <>
      <PageTitle title={t('invoices.invoice')} />
      <InvoiceEditView key={id} id={id} />
    </>
  );
}
