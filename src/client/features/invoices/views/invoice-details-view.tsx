import ContentCopy from '@mui/icons-material/ContentCopy';
import EditOutlined from '@mui/icons-material/EditOutlined';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import SendOutlined from '@mui/icons-material/SendOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import type { StoredInvoiceStatus } from '#shared/contract/invoices-limits.ts';
import type { Invoice } from '#shared/contract/invoices.ts';

import { Logo } from '../../../components/logo/logo.tsx';
import { StatusMenuButton } from '../../../components/status-menu/status-menu-button.tsx';
import { PageHeading } from '../../../components/page-heading/page-heading.tsx';
import { useSnackbar } from '../../../components/snackbar/use-snackbar.ts';
import { paths } from '../../../config/paths.ts';
import { ApiError, staleRecord } from '../../../lib/api-error.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { fDate, fNumber } from '../../../lib/format.ts';
import { useMoney } from '../../../lib/use-money.ts';
import {
  downloadInvoicePdf,
  openInvoicePdf,
  useInvoice,
  useInvoiceActions,
  useInvoicesLive,
} from '../api/invoices-api.ts';
import { invoicesKeys } from '../api/invoices-keys.ts';
import { InvoiceStatusLabel } from '../components/invoice-status.tsx';
import { PartyBlock } from '../components/party-block.tsx';
import { SendInvoiceDialog } from '../components/send-invoice-dialog.tsx';

/** Where an invoice may go from where it is: paid ⇄ unpaid, and a draft or pending one back and forth. */
const nextStatuses: Record<Invoice['status'], StoredInvoiceStatus[]> = {
  draft: ['pending', 'paid'],
  pending: ['paid', 'draft'],
  overdue: ['paid', 'draft'],
  paid: ['pending'],
};

function StatusMenu({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const queryClient = useQueryClient();
  const { setStatus } = useInvoiceActions();
  const label = t(`invoices.statuses.${invoice.status}`);
  const pick = (status: StoredInvoiceStatus) => {
    setStatus.mutate(
      { id: invoice.id, status, version: invoice.version },
      {
        onSuccess: ({ invoice: saved }) => {
          queryClient.setQueryData(invoicesKeys.invoice(invoice.id), { invoice: saved });
          enqueueSnackbar(
            t('invoices.details.statusChanged', { status: t(`invoices.statuses.${saved.status}`) }),
            {
              variant: 'success',
            },
          );
        },
        onError: (error) => {
          const fresh = staleRecord<Invoice>(error);
          if (fresh) queryClient.setQueryData(invoicesKeys.invoice(invoice.id), { invoice: fresh });
          enqueueSnackbar(fresh ? t('common.staleEdit') : errorMessage(error, t), {
            variant: fresh ? 'warning' : 'error',
          });
        },
      },
    );
  };
  return (
    <StatusMenuButton
      label={label}
      ariaLabel={t('invoices.details.changeStatus', { status: label })}
      loading={setStatus.isPending}
      options={nextStatuses[invoice.status].map((status) => ({
        value: status,
        label: t(`invoices.details.markAs.${status}`),
      }))}
      onPick={pick}
    />
  );
}

function Toolbar({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const [sending, setSending] = useState(false);
  const [busy, setBusy] = useState<'download' | 'print' | null>(null);
  const run = (what: 'download' | 'print', action: () => Promise<void>) => {
    setBusy(what);
    action()
      .catch((error: unknown) => enqueueSnackbar(errorMessage(error, t), { variant: 'error' }))
      .finally(() => setBusy(null));
  };
  const copyLink = () => {
    const link = new URL(paths.dashboard.invoice.details(invoice.id), window.location.origin).href;
    navigator.clipboard
      .writeText(link)
      .then(() => enqueueSnackbar(t('invoices.details.linkCopied'), { variant: 'success' }))
      .catch((error: unknown) => enqueueSnackbar(errorMessage(error, t), { variant: 'error' }));
  };
  const tool = (title: string, icon: React.ReactNode, onClick: () => void, loading = false) => (
    <Tooltip title={title}>
      <span>
        <IconButton aria-label={title} onClick={onClick} disabled={loading}>
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );
  return (
    <Stack
      direction="row"
      role="toolbar"
      aria-label={t('invoices.details.tools')}
      spacing={1}
      sx={{ mb: 3, alignItems: 'center', flexWrap: 'wrap' }}
    >
      <Stack direction="row" spacing={0.5} sx={{ flexGrow: 1 }}>
        <Tooltip title={t('invoices.details.edit')}>
          <IconButton
            component={RouterLink}
            to={paths.dashboard.invoice.edit(invoice.id)}
            aria-label={t('invoices.details.edit')}
          >
            <EditOutlined />
          </IconButton>
        </Tooltip>
        {tool(
          t('invoices.details.download'),
          <FileDownloadOutlined />,
          () => run('download', () => downloadInvoicePdf(invoice)),
          busy === 'download',
        )}
        {tool(
          t('invoices.details.print'),
          <PrintOutlined />,
          () => run('print', () => openInvoicePdf(invoice)),
          busy === 'print',
        )}
        {tool(t('invoices.details.send'), <SendOutlined />, () => setSending(true))}
        {tool(t('invoices.details.copyLink'), <ContentCopy />, copyLink)}
      </Stack>
      <StatusMenu invoice={invoice} />
      {sending && <SendInvoiceDialog invoice={invoice} onClose={() => setSending(false)} />}
    </Stack>
  );
}

/** The invoice as it prints: header, parties, dates, lines, totals, notes. */
function InvoiceDocument({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation();
  const money = useMoney();
  const m = (cents: number) => money(cents, invoice.currency);
  const total = (label: string, value: string, strong = false) => (
    <TableRow>
      <TableCell colSpan={3} sx={{ border: 0 }} />
      <TableCell
        sx={{
          border: 0,
          color: strong ? 'text.primary' : 'text.secondary',
          typography: strong ? 'subtitle1' : 'body2',
        }}
      >
        {label}
      </TableCell>
      <TableCell align="right" sx={{ border: 0, typography: strong ? 'subtitle1' : 'subtitle2' }}>
        {value}
      </TableCell>
    </TableRow>
  );
  return (
    <Card component="article" aria-label={invoice.invoiceNumber} sx={{ p: { xs: 3, md: 5 } }}>
      <Box sx={{ display: 'grid', gap: 5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <Logo />
        <Stack spacing={1} sx={{ alignItems: { xs: 'flex-start', sm: 'flex-end' } }}>
          <InvoiceStatusLabel status={invoice.status} />
          <Typography variant="h6">{invoice.invoiceNumber}</Typography>
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {t('invoices.details.sentTimes', { count: invoice.sent })}
            {invoice.paidAt ? ` · ${t('invoices.details.paidOn', { date: fDate(invoice.paidAt) })}` : ''}
          </Typography>
        </Stack>
        <Stack spacing={1}>
          <Typography variant="overline" sx={{ color: 'text.secondary' }}>
            {t('invoices.details.from')}
          </Typography>
          <PartyBlock party={invoice.invoiceFrom} />
        </Stack>
        <Stack spacing={1}>
          <Typography variant="overline" sx={{ color: 'text.secondary' }}>
            {t('invoices.details.to')}
          </Typography>
          <PartyBlock party={invoice.invoiceTo} />
        </Stack>
        <Stack spacing={0.5}>
          <Typography variant="overline" sx={{ color: 'text.secondary' }}>
            {t('invoices.details.createDate')}
          </Typography>
          <Typography variant="body2">{fDate(invoice.createDate)}</Typography>
        </Stack>
        <Stack spacing={0.5}>
          <Typography variant="overline" sx={{ color: 'text.secondary' }}>
            {t('invoices.details.dueDate')}
          </Typography>
          <Typography variant="body2">{fDate(invoice.dueDate)}</Typography>
        </Stack>
      </Box>
      <TableContainer sx={{ mt: 5, overflowX: 'auto' }}>
        <Table sx={{ minWidth: 640 }} aria-label={t('invoices.form.items')}>
          <TableHead>
            <TableRow>
              <TableCell width={40}>#</TableCell>
              <TableCell>{t('invoices.details.item')}</TableCell>
              <TableCell align="right">{t('invoices.details.quantity')}</TableCell>
              <TableCell align="right">{t('invoices.details.unitPrice')}</TableCell>
              <TableCell align="right">{t('invoices.details.total')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {invoice.items.map((item, index) => (
              <TableRow key={index}>
                <TableCell>{index + 1}</TableCell>
                <TableCell>
                  <Typography variant="subtitle2">{item.title}</Typography>
                  {(item.description || item.service) && (
                    <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                      {[item.service, item.description].filter(Boolean).join(' · ')}
                    </Typography>
                  )}
                </TableCell>
                <TableCell align="right">{fNumber(item.quantity)}</TableCell>
                <TableCell align="right">{m(item.price)}</TableCell>
                <TableCell align="right">{m(item.total)}</TableCell>
              </TableRow>
            ))}
            {total(t('invoices.details.subtotal'), m(invoice.subtotal))}
            {invoice.shipping > 0 && total(t('invoices.details.shipping'), m(invoice.shipping))}
            {invoice.discount > 0 && total(t('invoices.details.discount'), `−${m(invoice.discount)}`)}
            {total(t('invoices.details.taxes', { rate: fNumber(invoice.taxes) }), m(invoice.taxAmount))}
            {total(t('invoices.details.total'), m(invoice.totalAmount), true)}
          </TableBody>
        </Table>
      </TableContainer>
      {invoice.notes && (
        <>
          <Divider sx={{ my: 3, borderStyle: 'dashed' }} />
          <Typography variant="subtitle2">{t('invoices.details.notes')}</Typography>
          <Typography variant="body2" sx={{ whiteSpace: 'pre-line' }}>
            {invoice.notes}
          </Typography>
        </>
      )}
    </Card>
  );
}

/** `/dashboard/invoice/{id}` (issue #14): the document as it prints, with its tools and status menu. */
export function InvoiceDetailsView({ id }: { id: string }) {
  const { t } = useTranslation();
  const invoice = useInvoice(id);
  useInvoicesLive();
  const crumbs = [
    { label: t('nav.invoice'), to: paths.dashboard.invoice.root },
    { label: t('invoices.title'), to: paths.dashboard.invoice.list },
    { label: invoice.data?.invoiceNumber ?? '…' },
  ];
  if (invoice.isError) {
    const missing = invoice.error instanceof ApiError && invoice.error.status === 404;
    return (
      <>
        <PageHeading title={t('invoices.invoice')} crumbs={crumbs} />
        <Alert severity={missing ? 'info' : 'error'}>
          {missing ? t('invoices.notFound') : errorMessage(invoice.error, t)}
        </Alert>
      </>
    );
  }
  return (
    <>
      <PageHeading title={invoice.data?.invoiceNumber ?? t('invoices.invoice')} crumbs={crumbs} />
      {invoice.data ? (
        <>
          <Toolbar invoice={invoice.data} />
          <InvoiceDocument invoice={invoice.data} />
        </>
      ) : (
        <Skeleton variant="rounded" height={640} />
      )}
    </>
  );
}
