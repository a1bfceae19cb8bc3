import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import {
  inventoryTypes,
  LOW_STOCK_MAX,
  publishStates,
  type ProductAdminSortKey,
} from '#shared/contract/products-limits.ts';
import type { ProductCard } from '#shared/contract/products.ts';

import { ConfirmDialog } from '../../../components/confirm-dialog/confirm-dialog.tsx';
import { SelectionBar } from '../../../components/data-table/selection-bar.tsx';
import { ListSearchField } from '../../../components/data-table/list-search-field.tsx';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table.tsx';
import { listTableProps, useListState } from '../../../components/data-table/use-list-state.ts';
import { PageHeading } from '../../../components/page-heading/page-heading.tsx';
import { useSnackbar } from '../../../components/snackbar/use-snackbar.ts';
import { paths } from '../../../config/paths.ts';
import { buildCsv, downloadCsv } from '../../../lib/csv.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { fDate } from '../../../lib/format.ts';
import { useDeleteProducts, useMoney } from '../api/products-api.ts';
import { productsAdminList, useAdminProducts } from '../api/products-list.ts';

const inventoryColor = { 'in stock': 'success', 'low stock': 'warning', 'out of stock': 'error' } as const;

/**
 * `/dashboard/e-commerce/list` (administrators, issue #13): every product, drafts too, in the server-mode
 * table (search, stock and publish filters, sorting, paging in the address), bulk delete (confirmed) and
 * the CSV export of the current filter.
 */
export function ProductListView() {
  const { t } = useTranslation();
  const money = useMoney();
  const { enqueueSnackbar } = useSnackbar();
  const list = useListState(productsAdminList.config);
  const params = productsAdminList.paramsOf(list);
  const products = useAdminProducts(params);
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const [confirming, setConfirming] = useState<string[] | null>(null);
  const [exporting, setExporting] = useState(false);
  const remove = useDeleteProducts();

  const confirmDelete = () => {
    if (!confirming) return;
    remove.mutate(confirming, {
      onSuccess: ({ deleted }) => {
        enqueueSnackbar(t('products.admin.deleted', { count: deleted }), { variant: 'success' });
        setSelected(new Set());
      },
      onError: (error) => enqueueSnackbar(errorMessage(error, t), { variant: 'error' }),
      onSettled: () => setConfirming(null),
    });
  };

  /** Every product of the current filter, a page of 100 at a time, as CSV. */
  const exportCsv = async () => {
    setExporting(true);
    try {
      const rows: ProductCard[] = [];
      for (let page = 1; ; page++) {
        const answer = await productsAdminList.get({ ...params, page, pageSize: 100 });
        rows.push(...answer.products);
        if (!answer.hasNextPage || page >= 100) break;
      }
      const csv = buildCsv(
        [
          t('products.admin.product'),
          t('products.admin.category'),
          t('products.admin.createdAt'),
          t('products.admin.stock'),
          t('products.admin.quantity'),
          t('products.admin.price'),
          t('products.admin.publish'),
        ],
        rows.map((p) => [
          p.name,
          t(`products.categories.${p.category as 'Shirts'}`),
          p.createdAt.slice(0, 10),
          t(`products.inventory.${p.inventoryType}`),
          p.quantity,
          (p.price / 100).toFixed(2),
          t(`products.admin.publishStates.${p.publish}`),
        ]),
      );
      downloadCsv(`products-${new Date().toISOString().slice(0, 10)}.csv`, csv);
    } catch (error) {
      enqueueSnackbar(errorMessage(error, t), { variant: 'error' });
    } finally {
      setExporting(false);
    }
  };

  const columns: DataTableColumn<ProductCard, ProductAdminSortKey>[] = [
    {
      field: 'name',
      header: t('products.admin.product'),
      sortable: true,
      minWidth: 260,
      render: (p) => (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Avatar variant="rounded" src={p.coverUrl ?? undefined} alt="" sx={{ width: 48, height: 48 }} />
          <Box sx={{ minWidth: 0 }}>
            <Link
              component={RouterLink}
              to={paths.dashboard.eCommerce.view(p.slug)}
              color="inherit"
              variant="subtitle2"
              noWrap
            >
              {p.name}
            </Link>
            <Typography variant="body2" sx={{ color: 'text.secondary' }} noWrap>
              {t(`products.categories.${p.category as 'Shirts'}`)}
            </Typography>
          </Box>
        </Stack>
      ),
    },
    {
      field: 'createdAt',
      header: t('products.admin.createdAt'),
      sortable: true,
      width: 140,
      render: (p) => fDate(p.createdAt),
    },
    {
      field: 'quantity',
      header: t('products.admin.stock'),
      sortable: true,
      width: 160,
      render: (p) => (
        <Stack spacing={0.75} sx={{ typography: 'caption', color: 'text.secondary' }}>
          <LinearProgress
            variant="determinate"
            color={inventoryColor[p.inventoryType]}
            value={p.quantity <= 0 ? 0 : Math.min(100, (p.quantity / (LOW_STOCK_MAX * 10)) * 100)}
            aria-label={t(`products.inventory.${p.inventoryType}`)}
            sx={{ height: 6, width: 80 }}
          />
          {p.inventoryType === 'out of stock'
            ? t('products.inventory.out of stock')
            : `${p.quantity} ${t(`products.inventory.${p.inventoryType}`)}`}
        </Stack>
      ),
    },
    {
      field: 'price',
      header: t('products.admin.price'),
      sortable: true,
      width: 120,
      render: (p) => money(p.price),
    },
    {
      field: 'publish',
      header: t('products.admin.publish'),
      sortable: true,
      width: 120,
      render: (p) => (
        <Chip
          size="small"
          variant="outlined"
          color={p.publish === 'published' ? 'info' : 'default'}
          label={t(`products.admin.publishStates.${p.publish}`)}
        />
      ),
    },
    {
      field: 'actions',
      header: '',
      width: 112,
      render: (p) => (
        <Stack direction="row">
          <Tooltip title={t('products.admin.edit')}>
            <IconButton
              component={RouterLink}
              to={paths.dashboard.eCommerce.edit(p.slug)}
              aria-label={t('products.admin.editNamed', { name: p.name })}
            >
              <EditOutlined fontSize="small" />
            </IconButton>
          </Tooltip>
          <Tooltip title={t('products.admin.delete')}>
            <IconButton
              aria-label={t('products.admin.deleteNamed', { name: p.name })}
              color="error"
              onClick={() => setConfirming([p.id])}
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
        title={t('products.admin.title')}
        crumbs={[
          { label: t('nav.ecommerce'), to: paths.dashboard.eCommerce.root },
          { label: t('products.admin.crumb') },
        ]}
        action={
          <Button
            component={RouterLink}
            to={paths.dashboard.eCommerce.new}
            variant="contained"
            startIcon={<AddOutlined />}
          >
            {t('products.admin.newProduct')}
          </Button>
        }
      />
      <Card>
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          spacing={2}
          sx={{ p: 2.5, alignItems: { md: 'center' } }}
        >
          <TextField
            select
            size="small"
            label={t('products.admin.stock')}
            value={list.filters.stock ?? ''}
            onChange={(event) => list.setFilter('stock', event.target.value || undefined)}
            sx={{ width: { md: 180 } }}
          >
            <MenuItem value="">{t('products.filters.all')}</MenuItem>
            {inventoryTypes.map((type) => (
              <MenuItem key={type} value={type}>
                {t(`products.inventory.${type}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label={t('products.admin.publish')}
            value={list.filters.publish ?? ''}
            onChange={(event) => list.setFilter('publish', event.target.value || undefined)}
            sx={{ width: { md: 180 } }}
          >
            <MenuItem value="">{t('products.filters.all')}</MenuItem>
            {publishStates.map((state) => (
              <MenuItem key={state} value={state}>
                {t(`products.admin.publishStates.${state}`)}
              </MenuItem>
            ))}
          </TextField>
          <ListSearchField
            value={list.searchInput}
            onChange={list.setSearchInput}
            label={t('products.search')}
            placeholder={t('products.searchPlaceholder')}
          />
          <Button
            color="inherit"
            startIcon={<FileDownloadOutlined />}
            loading={exporting}
            onClick={() => void exportCsv()}
          >
            {t('products.admin.export')}
          </Button>
        </Stack>
        {selected.size > 0 && (
          <SelectionBar
            label={t('products.admin.selection')}
            count={t('products.admin.selected', { count: selected.size })}
          >
            <Button
              color="error"
              variant="contained"
              size="small"
              startIcon={<DeleteOutlined />}
              onClick={() => setConfirming([...selected])}
            >
              {t('products.admin.deleteSelected')}
            </Button>
          </SelectionBar>
        )}
        <DataTable
          label={t('products.admin.title')}
          columns={columns}
          rows={products.data?.products ?? []}
          getRowId={(p) => p.id}
          rowCount={products.data?.totalCapped ? -1 : (products.data?.total ?? 0)}
          hasNextPage={products.data?.hasNextPage ?? false}
          {...listTableProps(
            list,
            productsAdminList.config,
            products,
            products.error && errorMessage(products.error, t),
          )}
          emptyText={t('products.noResults')}
          sort={list.sort}
          onSortChange={list.setSort}
          selection={{
            selected,
            onChange: setSelected,
            rowLabel: (p) => p.name,
          }}
          rowHeight={72}
        />
      </Card>
      <ConfirmDialog
        open={confirming !== null}
        title={t('products.admin.deleteTitle')}
        content={t('products.admin.deleteConfirm', { count: confirming?.length ?? 0 })}
        action={t('products.admin.delete')}
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setConfirming(null)}
      />
    </>
  );
}
