import Add from '@mui/icons-material/Add';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { Discount } from '#shared/contract/orders.ts';

import { ConfirmDialog } from '../../../components/confirm-dialog/confirm-dialog.tsx';
import { ListSearchField } from '../../../components/data-table/list-search-field.tsx';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table.tsx';
import { listTableProps, useListState } from '../../../components/data-table/use-list-state.ts';
import { PageHeading } from '../../../components/page-heading/page-heading.tsx';
import { useSnackbar } from '../../../components/snackbar/use-snackbar.ts';
import { paths } from '../../../config/paths.ts';
import { staleRecord } from '../../../lib/api-error.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { fDate, fNumber } from '../../../lib/format.ts';
import { useDeleteDiscount, useSaveDiscount } from '../api/discounts-api.ts';
import { discountsList, useDiscounts } from '../api/orders-list.ts';
import { useMoney } from '../../../lib/use-money.ts';
import { DiscountDialog } from '../components/discount-dialog.tsx';

/**
 * `/dashboard/e-commerce/discounts` (administrators, issue #13): the discount codes customers type at the
 * checkout. Search by code, create, edit (version check), switch on and off, delete (confirmed).
 */
export function DiscountListView() {
  const { t } = useTranslation();
  const money = useMoney();
  const { enqueueSnackbar } = useSnackbar();
  const list = useListState(discountsList.config);
  const discounts = useDiscounts(discountsList.paramsOf(list));
  const save = useSaveDiscount();
  const remove = useDeleteDiscount();
  const [editing, setEditing] = useState<Discount | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Discount | null>(null);

  const failed = (error: unknown) => {
    const fresh = staleRecord<Discount>(error);
    enqueueSnackbar(fresh ? t('common.staleEdit') : errorMessage(error, t), {
      variant: fresh ? 'warning' : 'error',
    });
  };
  // A switch flips at once; it goes back if the server refuses.
  const [switching, setSwitching] = useState<ReadonlyMap<string, boolean>>(new Map());
  const toggle = (discount: Discount, active: boolean) => {
    setSwitching((current) => new Map(current).set(discount.id, active));
    save.mutate(
      { id: discount.id, patch: { active, version: discount.version } },
      {
        onSuccess: () =>
          enqueueSnackbar(
            t(active ? 'orders.discounts.turnedOn' : 'orders.discounts.turnedOff', { code: discount.code }),
            {
              variant: 'success',
            },
          ),
        onError: failed,
        onSettled: () =>
          setSwitching((current) => {
            const next = new Map(current);
            next.delete(discount.id);
            return next;
          }),
      },
    );
  };

  // Read once: a code that expires while the page is open shows so on the next visit.
  const [now] = useState(Date.now);
  const columns: DataTableColumn<Discount>[] = [
    {
      field: 'code',
      header: t('orders.discounts.code'),
      minWidth: 160,
      render: (d) => (
        <Typography variant="subtitle2" sx={{ fontFamily: 'monospace' }}>
          {d.code}
        </Typography>
      ),
    },
    {
      field: 'value',
      header: t('orders.discounts.value'),
      width: 110,
      render: (d) => (d.kind === 'percent' ? `${fNumber(d.value)} %` : money(d.value)),
    },
    {
      field: 'minSubtotal',
      header: t('orders.discounts.minSubtotal'),
      width: 140,
      render: (d) => (d.minSubtotal ? money(d.minSubtotal) : '—'),
    },
    {
      field: 'used',
      header: t('orders.discounts.used'),
      width: 110,
      render: (d) =>
        d.usageLimit === null ? fNumber(d.usedCount) : `${fNumber(d.usedCount)} / ${fNumber(d.usageLimit)}`,
    },
    {
      field: 'expiresAt',
      header: t('orders.discounts.expires'),
      width: 150,
      render: (d) =>
        d.expiresAt === null ? (
          t('orders.discounts.never')
        ) : Date.parse(d.expiresAt) < now ? (
          <Chip
            size="small"
            color="error"
            variant="outlined"
            label={t('orders.discounts.expiredOn', { date: fDate(d.expiresAt) })}
          />
        ) : (
          fDate(d.expiresAt)
        ),
    },
    {
      field: 'active',
      header: t('orders.discounts.active'),
      width: 90,
      render: (d) => (
        <Switch
          checked={switching.get(d.id) ?? d.active}
          onChange={(event) => toggle(d, event.target.checked)}
          slotProps={{ input: { 'aria-label': t('orders.discounts.activeNamed', { code: d.code }) } }}
        />
      ),
    },
    {
      field: 'actions',
      header: '',
      width: 100,
      align: 'right',
      render: (d) => (
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          <Tooltip title={t('orders.discounts.edit')}>
            <IconButton
              aria-label={t('orders.discounts.editNamed', { code: d.code })}
              onClick={() => setEditing(d)}
            >
              <EditOutlined fontSize="small" />
            </IconButton>
          </Tooltip>
          <Tooltip title={t('orders.checkout.delete')}>
            <IconButton
              color="error"
              aria-label={t('orders.discounts.deleteNamed', { code: d.code })}
              onClick={() => setDeleting(d)}
            >
              <DeleteOutlined fontSize="small" />
            </IconButton>
          </Tooltip>
        </Stack>
      ),
    },
  ];

  return (
    <>
      <PageHeading
        title={t('orders.discounts.title')}
        crumbs={[
          { label: t('nav.ecommerce'), to: paths.dashboard.eCommerce.root },
          { label: t('orders.discounts.title') },
        ]}
        action={
          <Button variant="contained" startIcon={<Add />} onClick={() => setEditing('new')}>
            {t('orders.discounts.new')}
          </Button>
        }
      />
      <Card>
        <Stack sx={{ p: 2.5 }}>
          <ListSearchField
            value={list.searchInput}
            onChange={list.setSearchInput}
            label={t('orders.discounts.search')}
            placeholder={t('orders.discounts.searchPlaceholder')}
          />
        </Stack>
        <DataTable
          label={t('orders.discounts.title')}
          columns={columns}
          rows={discounts.data?.discounts ?? []}
          getRowId={(d) => d.id}
          rowCount={discounts.data?.total ?? 0}
          hasNextPage={discounts.data?.hasNextPage ?? false}
          {...listTableProps(
            list,
            discountsList.config,
            discounts,
            discounts.error && errorMessage(discounts.error, t),
          )}
          emptyText={t('orders.discounts.none')}
        />
      </Card>
      {editing && (
        <DiscountDialog
          discount={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
          onSave={async (payload) => {
            try {
              const { discount } = await save.mutateAsync(
                editing === 'new'
                  ? { create: payload }
                  : { id: editing.id, patch: { ...payload, version: editing.version } },
              );
              setEditing(null);
              enqueueSnackbar(t('orders.discounts.saved', { code: discount.code }), { variant: 'success' });
            } catch (error) {
              // Someone else changed it meanwhile: the dialog closes on the fresh record (the list refetches).
              if (staleRecord(error)) {
                setEditing(null);
                failed(error);
                return;
              }
              throw error;
            }
          }}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t('orders.discounts.deleteTitle')}
        content={t('orders.discounts.deleteText', { code: deleting?.code ?? '' })}
        action={t('orders.checkout.delete')}
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              enqueueSnackbar(t('orders.discounts.deleted', { code: deleting.code }), { variant: 'success' });
              setDeleting(null);
            },
            onError: (error) => {
              setDeleting(null);
              failed(error);
            },
          })
        }
      />
    </>
  );
}
