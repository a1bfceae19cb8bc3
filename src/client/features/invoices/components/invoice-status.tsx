import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';

import type { InvoiceStatus } from '#shared/contract/invoices-limits.ts';

export const invoiceStatusColor: Record<InvoiceStatus, 'success' | 'warning' | 'error' | 'default'> = {
  paid: 'success',
  pending: 'warning',
  overdue: 'error',
  draft: 'default',
};

/** An invoice's status as a coloured label. */
export function InvoiceStatusLabel({ status }: { status: InvoiceStatus }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={invoiceStatusColor[status]}
      label={t(`invoices.statuses.${status}`)}
    />
  );
}
