import MoreVertRounded from '@mui/icons-material/MoreVertRounded';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import type { Invoice, InvoiceStatus } from '#shared/contract/invoices.ts';

import { ConfirmDialog } from '../../../components/confirm-dialog/confirm-dialog.tsx';
import { Label } from '../../../components/label/label.tsx';
import { enqueueSnackbar } from '../../../components/snackbar/use-snackbar.ts';
import { TableWidget } from '../../../components/widget-card/table-widget.tsx';
import type { WidgetData } from '../../../components/widget-card/widget-export.ts';
import { paths } from '../../../config/paths.ts';
import { useAuth } from '../../../lib/auth/use-auth.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { fDate } from '../../../lib/format.ts';
import { useMoney } from '../../../lib/use-money.ts';
import { visuallyHidden } from '../../../lib/visually-hidden.ts';
import { downloadInvoicePdf, openInvoicePdf, useDeleteInvoice, useNewInvoices } from '../api/overview-api.ts';
import { cardState } from './app-widget.ts';

const statusColor: Record<InvoiceStatus, 'success' | 'warning' | 'error' | 'default'> = {
  paid: 'success',
  pending: 'warning',
  overdue: 'error',
  draft: 'default',
};

/** The invoice's page as an address to share (it opens for whoever may see the invoice). */
const invoiceLink = (invoice: Invoice) =>
  new URL(paths.dashboard.invoice.details(invoice.id), window.location.origin).href;

/**
 * New invoices: the newest invoices by create date (the viewer's own, administrators everyone's), read
 * from the invoices list's API, each with a menu to download or print its PDF, copy its link, or delete it
 * (one's own, administrators any: what the API allows); "View all" opens the list.
 */
export function AppNewInvoices() {
  const { t } = useTranslation();
  const money = useMoney();
  const me = useAuth((state) => state.user);
  const invoices = useNewInvoices();
  const remove = useDeleteInvoice();
  const [menu, setMenu] = useState<{ anchor: HTMLElement; invoice: Invoice } | null>(null);
  const [confirm, setConfirm] = useState<Invoice | null>(null);
  const menuId = useId();
  const rows = invoices.data ?? [];
  const status = (invoice: Invoice) => t(`overview.app.newInvoices.statuses.${invoice.status}`);
  const mayDelete = (invoice: Invoice) => me?.role === 'admin' || invoice.owner.id === me?.id;

  const data: WidgetData<Invoice> = {
    columns: [
      { header: t('overview.app.newInvoices.columns.number'), value: (i) => i.invoiceNumber },
      { header: t('overview.app.newInvoices.columns.customer'), value: (i) => i.invoiceTo.name },
      { header: t('overview.app.newInvoices.columns.created'), value: (i) => i.createDate },
      { header: t('overview.app.newInvoices.columns.due'), value: (i) => i.dueDate },
      { header: t('overview.app.newInvoices.columns.amount'), value: (i) => i.totalAmount / 100 },
      { header: t('overview.app.newInvoices.columns.currency'), value: (i) => i.currency },
      { header: t('overview.app.newInvoices.columns.status'), value: status },
    ],
    rows,
  };

  const close = () => setMenu(null);
  const failed = (error: unknown) => enqueueSnackbar(errorMessage(error, t), { variant: 'error' });
  const act = (action: (invoice: Invoice) => Promise<void> | void) => () => {
    const invoice = menu?.invoice;
    close();
    if (invoice) Promise.resolve(action(invoice)).catch(failed);
  };

  return (
    <>
      <TableWidget<Invoice>
        id="new-invoices"
        title={t('overview.app.newInvoices.title')}
        info={t(me?.role === 'admin' ? 'overview.app.newInvoices.info' : 'overview.app.newInvoices.infoMine')}
        {...cardState(invoices)}
        empty={invoices.data !== undefined && rows.length === 0}
        emptyText={t('overview.app.newInvoices.empty')}
        data={data}
        viewAll={{ to: paths.dashboard.invoice.list }}
        sx={{ height: 1 }}
      >
        <TableContainer>
          <Table size="small" aria-label={t('overview.app.newInvoices.title')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('overview.app.newInvoices.columns.number')}</TableCell>
                <TableCell>{t('overview.app.newInvoices.columns.customer')}</TableCell>
                <TableCell>{t('overview.app.newInvoices.columns.due')}</TableCell>
                <TableCell align="right">{t('overview.app.newInvoices.columns.amount')}</TableCell>
                <TableCell>{t('overview.app.newInvoices.columns.status')}</TableCell>
                <TableCell>
                  <Box component="span" sx={visuallyHidden}>
                    {t('overview.app.newInvoices.columns.actions')}
                  </Box>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((invoice) => (
                <TableRow key={invoice.id} hover>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <Link component={RouterLink} to={paths.dashboard.invoice.details(invoice.id)}>
                      {invoice.invoiceNumber}
                    </Link>
                  </TableCell>
                  <TableCell sx={{ maxWidth: 160, overflowWrap: 'anywhere' }}>
                    {invoice.invoiceTo.name}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{fDate(`${invoice.dueDate}T12:00:00Z`)}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {money(invoice.totalAmount, invoice.currency)}
                  </TableCell>
                  <TableCell>
                    <Label color={statusColor[invoice.status]}>{status(invoice)}</Label>
                  </TableCell>
                  <TableCell align="right" padding="checkbox">
                    <IconButton
                      aria-label={t('overview.app.newInvoices.actions.menu', {
                        number: invoice.invoiceNumber,
                      })}
                      aria-haspopup="menu"
                      aria-controls={menu?.invoice.id === invoice.id ? menuId : undefined}
                      aria-expanded={menu?.invoice.id === invoice.id ? true : undefined}
                      onClick={(event) => setMenu({ anchor: event.currentTarget, invoice })}
                    >
                      <MoreVertRounded />
                    </IconButton>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </TableWidget>
      <Menu id={menuId} anchorEl={menu?.anchor ?? null} open={menu !== null} onClose={close}>
        <MenuItem onClick={act(downloadInvoicePdf)}>
          {t('overview.app.newInvoices.actions.download')}
        </MenuItem>
        <MenuItem onClick={act(openInvoicePdf)}>{t('overview.app.newInvoices.actions.print')}</MenuItem>
        <MenuItem
          onClick={act(async (invoice) => {
            await navigator.clipboard.writeText(invoiceLink(invoice));
            enqueueSnackbar(t('overview.app.newInvoices.actions.linkCopied'), { variant: 'success' });
          })}
        >
          {t('overview.app.newInvoices.actions.copyLink')}
        </MenuItem>
        {menu && mayDelete(menu.invoice) && (
          <MenuItem sx={{ color: 'error.main' }} onClick={act((invoice) => setConfirm(invoice))}>
            {t('overview.app.newInvoices.actions.delete')}
          </MenuItem>
        )}
      </Menu>
      <ConfirmDialog
        open={confirm !== null}
        title={t('overview.app.newInvoices.confirm.title', { number: confirm?.invoiceNumber ?? '' })}
        content={t('overview.app.newInvoices.confirm.text')}
        action={t('overview.app.newInvoices.actions.delete')}
        loading={remove.isPending}
        onClose={() => setConfirm(null)}
        onConfirm={() => {
          if (!confirm) return;
          const number = confirm.invoiceNumber;
          remove.mutate(confirm.id, {
            onSuccess: () => {
              setConfirm(null);
              enqueueSnackbar(t('overview.app.newInvoices.deleted', { number }), { variant: 'success' });
            },
            onError: failed,
          });
        }}
      />
    </>
  );
}
