import Add from '@mui/icons-material/Add';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import MoreVert from '@mui/icons-material/MoreVert';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import SendOutlined from '@mui/icons-material/SendOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';

import type { InvoiceSortKey } from '#shared/contract/invoices-limits.ts';
import type { Invoice, InvoiceStats } from '#shared/contract/invoices.ts';

import { ConfirmDialog } from '../../../components/confirm-dialog/confirm-dialog.tsx';
import { CountTabs } from '../../../components/data-table/count-tabs.tsx';
import { ListDateRange } from '../../../components/data-table/list-date-range.tsx';
import { ListSearchField } from '../../../components/data-table/list-search-field.tsx';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table.tsx';
import { SelectionBar } from '../../../components/data-table/selection-bar.tsx';
import { listTableProps, useListState } from '../../../components/data-table/use-list-state.ts';
import { PageHeading } from '../../../components/page-heading/page-heading.tsx';
import { useSnackbar } from '../../../components/snackbar/use-snackbar.ts';
import { paths } from '../../../config/paths.ts';
import { buildCsv, downloadCsv } from '../../../lib/csv.ts';
import { useAuth } from '../../../lib/auth/use-auth.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { fDate, fNumber, fPercent } from '../../../lib/format.ts';
import { useMoney } from '../../../lib/use-money.ts';
import { downloadInvoicePdf, useInvoiceActions, useInvoicesLive, useServices } from '../api/invoices-api.ts';
import { fetchAllInvoices, invoicesList, useInvoices } from '../api/invoices-list.ts';
import { InvoiceStatusLabel, invoiceStatusColor } from '../components/invoice-status.tsx';

/** Administrators' services and addresses: loaded when opened. */
const InvoiceSettingsDialog = lazy(() =>
  import('../components/invoice-settings-dialog.tsx').then((m) => ({ default: m.InvoiceSettingsDialog })),
);

const statTabs = ['all', 'paid', 'pending', 'overdue', 'draft'] as const;
const statColor = {
  all: 'info',
  paid: 'success',
  pending: 'warning',
  overdue: 'error',
  draft: 'inherit',
} as const;

/** The strip above the list: each status's count, amount and share of all invoices under the filters. */
function Analytics({ stats }: { stats: InvoiceStats | undefined }) {
  const { t } = useTranslation();
  const money = useMoney();
  const all = stats?.all.count ?? 0;
  return (
    <Card sx={{ mb: { xs: 3, md: 5 } }}>
      {/* It scrolls sideways on narrow screens: focusable, so the keyboard scrolls it too. */}
      <Stack
        role="group"
        aria-label={t('invoices.analytics.label')}
        tabIndex={0}
        direction="row"
        sx={{ overflowX: 'auto', py: 2 }}
        divider={<Box sx={{ borderInlineEnd: 1, borderColor: 'divider', borderStyle: 'dashed' }} />}
      >
        {statTabs.map((tab) => {
          const stat = stats?.[tab];
          const share = all ? (stat?.count ?? 0) / all : 0;
          return (
            <Stack
              key={tab}
              role="group"
              aria-label={t(tab === 'all' ? 'invoices.analytics.total' : `invoices.statuses.${tab}`)}
              direction="row"
              spacing={2}
              sx={{ px: 3, minWidth: 200, flex: '1 0 auto', alignItems: 'center' }}
            >
              <Box sx={{ position: 'relative', display: 'inline-flex' }}>
                <CircularProgress
                  variant="determinate"
                  value={tab === 'all' ? 100 : share * 100}
                  size={56}
                  thickness={3}
                  color={statColor[tab]}
                  aria-hidden
                />
                <Typography
                  variant="caption"
                  sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center' }}
                >
                  {fPercent(tab === 'all' ? 1 : share)}
                </Typography>
              </Box>
              <Stack>
                <Typography variant="subtitle1">
                  {t(tab === 'all' ? 'invoices.analytics.total' : `invoices.statuses.${tab}`)}
                </Typography>
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {stat ? t('invoices.analytics.count', { count: stat.count }) : '…'}
                </Typography>
                <Typography variant="subtitle2">{stat ? money(stat.amount) : '…'}</Typography>
              </Stack>
            </Stack>
          );
        })}
      </Stack>
    </Card>
  );
}

/** A row's menu: view, edit, duplicate, delete. */
function RowMenu({ invoice, onDelete }: { invoice: Invoice; onDelete: (invoice: Invoice) => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const { duplicate } = useInvoiceActions();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  return (
    <>
      <IconButton
        aria-label={t('invoices.actions.more', { number: invoice.invoiceNumber })}
        aria-haspopup="menu"
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MoreVert fontSize="small" />
      </IconButton>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={close}>
        <MenuItem onClick={() => void navigate(paths.dashboard.invoice.details(invoice.id))}>
          {t('invoices.actions.view')}
        </MenuItem>
        <MenuItem onClick={() => void navigate(paths.dashboard.invoice.edit(invoice.id))}>
          {t('invoices.actions.edit')}
        </MenuItem>
        <MenuItem
          onClick={() => {
            close();
            duplicate.mutate(invoice.id, {
              onSuccess: ({ invoice: copy }) =>
                enqueueSnackbar(t('invoices.duplicated', { number: copy.invoiceNumber }), {
                  variant: 'success',
                }),
              onError: (error) => enqueueSnackbar(errorMessage(error, t), { variant: 'error' }),
            });
          }}
        >
          {t('invoices.actions.duplicate')}
        </MenuItem>
        <MenuItem
          sx={{ color: 'error.main' }}
          onClick={() => {
            close();
            onDelete(invoice);
          }}
        >
          {t('invoices.actions.delete')}
        </MenuItem>
      </Menu>
    </>
  );
}

/**
 * `/dashboard/invoice/list` (issue #14): the figures per status, tabs with counts, services, dates and a
 * search, sorted and paged on the server; select invoices to send, download or delete them; CSV of the
 * whole filter. A user sees their own invoices, administrators everyone's; changes arrive live.
 */
export function InvoiceListView() {
  const { t } = useTranslation();
  const money = useMoney();
  const { enqueueSnackbar } = useSnackbar();
  const list = useListState(invoicesList.config);
  useInvoicesLive();
  const services = useServices();
  const actions = useInvoiceActions();
  const params = invoicesList.paramsOf(list);
  const { status, services: serviceIds } = params;
  const invoices = useInvoices(params);
  const rows = invoices.data?.invoices ?? [];
  const [selected, setSelected] = useState<Set<string>>(() => new Set());
  const [deleting, setDeleting] = useState<Invoice[] | null>(null);
  const [busy, setBusy] = useState<'send' | 'download' | 'export' | null>(null);
  const isAdmin = useAuth((state) => state.user?.role === 'admin');
  const [settingsOpen, setSettingsOpen] = useState(false);
  const failed = (error: unknown) => enqueueSnackbar(errorMessage(error, t), { variant: 'error' });

  // Selected invoices on the page shown (a selection does not follow the list across pages).
  const chosen = rows.filter((invoice) => selected.has(invoice.id));

  const sendChosen = async () => {
    setBusy('send');
    let sent = 0;
    try {
      for (const invoice of chosen) {
        await actions.send.mutateAsync({ id: invoice.id });
        sent += 1;
      }
      enqueueSnackbar(t('invoices.sentMany', { count: sent }), { variant: 'success' });
      setSelected(new Set());
    } catch (error) {
      failed(error);
    } finally {
      setBusy(null);
    }
  };
  const downloadChosen = async () => {
    setBusy('download');
    try {
      for (const invoice of chosen) await downloadInvoicePdf(invoice);
    } catch (error) {
      failed(error);
    } finally {
      setBusy(null);
    }
  };
  const exportCsv = async () => {
    setBusy('export');
    try {
      const all = await fetchAllInvoices(params);
      const csv = buildCsv(
        [
          t('invoices.invoice'),
          t('invoices.columns.customer'),
          t('invoices.columns.createDate'),
          t('invoices.columns.dueDate'),
          t('invoices.columns.amount'),
          t('invoices.columns.currency'),
          t('invoices.columns.sent'),
          t('invoices.columns.status'),
        ],
        all.map((i) => [
          i.invoiceNumber,
          i.invoiceTo.name,
          i.createDate,
          i.dueDate,
          (i.totalAmount / 100).toFixed(2),
          i.currency,
          i.sent,
          t(`invoices.statuses.${i.status}`),
        ]),
      );
      downloadCsv(`invoices-${new Date().toISOString().slice(0, 10)}.csv`, csv);
    } catch (error) {
      failed(error);
    } finally {
      setBusy(null);
    }
  };
  const confirmDelete = () => {
    if (!deleting) return;
    const ids = deleting.map((invoice) => invoice.id);
    const done = (count: number) => {
      enqueueSnackbar(t('invoices.deleted', { count }), { variant: 'success' });
      setSelected((current) => new Set([...current].filter((id) => !ids.includes(id))));
      setDeleting(null);
    };
    if (ids.length === 1) {
      actions.remove.mutate(ids[0]!, { onSuccess: () => done(1), onError: failed });
    } else {
      actions.removeMany.mutate(ids, { onSuccess: ({ deleted }) => done(deleted), onError: failed });
    }
  };

  const columns: DataTableColumn<Invoice, InvoiceSortKey>[] = [
    {
      field: 'customer',
      header: t('invoices.columns.customer'),
      sortable: true,
      minWidth: 240,
      render: (i) => (
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <Avatar alt="" sx={{ width: 36, height: 36 }}>
            {i.invoiceTo.name.charAt(0)}
          </Avatar>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2" noWrap>
              {i.invoiceTo.name}
            </Typography>
            <Link
              component={RouterLink}
              to={paths.dashboard.invoice.details(i.id)}
              variant="caption"
              underline="always"
              sx={{ color: 'text.secondary' }}
            >
              {i.invoiceNumber}
            </Link>
          </Box>
        </Stack>
      ),
    },
    {
      field: 'createDate',
      header: t('invoices.columns.createDate'),
      sortable: true,
      width: 130,
      render: (i) => fDate(i.createDate),
    },
    {
      field: 'dueDate',
      header: t('invoices.columns.dueDate'),
      sortable: true,
      width: 130,
      render: (i) => fDate(i.dueDate),
    },
    {
      field: 'total',
      header: t('invoices.columns.amount'),
      sortable: true,
      width: 130,
      render: (i) => money(i.totalAmount, i.currency),
    },
    {
      field: 'sent',
      header: t('invoices.columns.sent'),
      sortable: true,
      width: 80,
      align: 'center',
      render: (i) => fNumber(i.sent),
    },
    {
      field: 'status',
      header: t('invoices.columns.status'),
      sortable: true,
      width: 120,
      render: (i) => <InvoiceStatusLabel status={i.status} />,
    },
    {
      field: 'actions',
      header: '',
      width: 56,
      align: 'right',
      render: (i) => <RowMenu invoice={i} onDelete={(invoice) => setDeleting([invoice])} />,
    },
  ];

  const stats = invoices.data?.stats;
  return (
    <>
      <PageHeading
        title={t('invoices.title')}
        crumbs={[
          { label: t('nav.invoice'), to: paths.dashboard.invoice.root },
          { label: t('invoices.title') },
        ]}
        action={
          <Stack direction="row" spacing={1}>
            {isAdmin && (
              <Button color="inherit" startIcon={<SettingsOutlined />} onClick={() => setSettingsOpen(true)}>
                {t('invoices.settings.open')}
              </Button>
            )}
            <Button
              component={RouterLink}
              to={paths.dashboard.invoice.new}
              variant="contained"
              startIcon={<Add />}
            >
              {t('invoices.newInvoice')}
            </Button>
          </Stack>
        }
      />
      <Analytics stats={stats} />
      <Card>
        <CountTabs
          value={status}
          onChange={(next) => list.setFilter('status', next === 'all' ? undefined : next)}
          tabs={statTabs.map((tab) => ({
            value: tab,
            label: t(`invoices.statuses.${tab}`),
            count: stats ? fNumber(stats[tab].count) : '…',
            color: tab === 'all' ? 'default' : invoiceStatusColor[tab],
          }))}
        />
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ p: 2.5 }}>
          <TextField
            select
            size="small"
            label={t('invoices.services')}
            value={serviceIds}
            onChange={(event) => {
              const value = event.target.value as unknown as string[];
              list.setFilter('service', value.length ? value.join(',') : undefined);
            }}
            sx={{ minWidth: 200 }}
            slotProps={{
              select: {
                multiple: true,
                renderValue: (value) =>
                  (value as string[])
                    .map((id) => services.data?.find((service) => service.id === id)?.name ?? '…')
                    .join(', '),
              },
            }}
          >
            {(services.data ?? []).map((service) => (
              <MenuItem key={service.id} value={service.id}>
                {service.name}
              </MenuItem>
            ))}
          </TextField>
          <ListDateRange
            start={list.filters.startDate}
            end={list.filters.endDate}
            startLabel={t('invoices.startDate')}
            endLabel={t('invoices.endDate')}
            onChange={list.setFilter}
          />
          <ListSearchField
            value={list.searchInput}
            onChange={list.setSearchInput}
            label={t('invoices.search')}
            placeholder={t('invoices.searchPlaceholder')}
          />
          <Button
            color="inherit"
            startIcon={<FileDownloadOutlined />}
            loading={busy === 'export'}
            onClick={() => void exportCsv()}
            sx={{ flexShrink: 0 }}
          >
            {t('invoices.export')}
          </Button>
        </Stack>
        {chosen.length > 0 && (
          <SelectionBar
            label={t('invoices.selection')}
            count={t('invoices.selected', { count: chosen.length })}
          >
            <Button
              size="small"
              variant="outlined"
              color="inherit"
              startIcon={<SendOutlined />}
              loading={busy === 'send'}
              onClick={() => void sendChosen()}
            >
              {t('invoices.sendSelected')}
            </Button>
            <Button
              size="small"
              variant="outlined"
              color="inherit"
              startIcon={<FileDownloadOutlined />}
              loading={busy === 'download'}
              onClick={() => void downloadChosen()}
            >
              {t('invoices.downloadSelected')}
            </Button>
            <Button
              size="small"
              variant="contained"
              color="error"
              startIcon={<DeleteOutlined />}
              onClick={() => setDeleting(chosen)}
            >
              {t('invoices.deleteSelected')}
            </Button>
          </SelectionBar>
        )}
        <DataTable
          label={t('invoices.title')}
          columns={columns}
          rows={rows}
          getRowId={(i) => i.id}
          rowCount={invoices.data?.total ?? 0}
          hasNextPage={invoices.data?.hasNextPage ?? false}
          {...listTableProps(
            list,
            invoicesList.config,
            invoices,
            invoices.error && errorMessage(invoices.error, t),
          )}
          emptyText={t('invoices.none')}
          sort={list.sort}
          onSortChange={list.setSort}
          selection={{ selected, onChange: setSelected, rowLabel: (i) => i.invoiceNumber }}
          rowHeight={64}
        />
      </Card>
      {settingsOpen && (
        <Suspense fallback={null}>
          <InvoiceSettingsDialog onClose={() => setSettingsOpen(false)} />
        </Suspense>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={
          deleting?.length === 1
            ? t('invoices.confirmDelete.title', { number: deleting[0]!.invoiceNumber })
            : t('invoices.confirmDelete.bulkTitle', { count: deleting?.length ?? 0 })
        }
        content={
          deleting?.length === 1 ? t('invoices.confirmDelete.text') : t('invoices.confirmDelete.bulkText')
        }
        action={t('invoices.confirmDelete.action')}
        loading={actions.remove.isPending || actions.removeMany.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={confirmDelete}
      />
    </>
  );
}
