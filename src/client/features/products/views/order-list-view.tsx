import Search from '@mui/icons-material/Search';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import {
  orderSortKeys,
  orderStatuses,
  type OrderSortKey,
  type OrderStatus,
} from '#shared/contract/orders-limits.ts';
import type { OrderStatusKey, OrderSummary } from '#shared/contract/orders.ts';

import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table.tsx';
import { listTableProps, useListState } from '../../../components/data-table/use-list-state.ts';
import { PageHeading } from '../../../components/page-heading/page-heading.tsx';
import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { fDateTime, fNumber } from '../../../lib/format.ts';
import type { ListStateConfig } from '../../../lib/list-state.ts';
import { useAdminOrders, useOrdersLive } from '../api/orders-api.ts';
import { useMoney } from '../api/products-api.ts';

type Filter = 'status' | 'startDate' | 'endDate';

/** A day as a date field gives it (`2026-03-01`). */
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const listConfig: ListStateConfig<OrderSortKey, Filter> = {
  pageSizes: [5, 10, 25, 50],
  defaultPageSize: 10,
  sortKeys: orderSortKeys,
  filters: { status: orderStatuses, startDate: DAY, endDate: DAY },
  searchMax: 100,
};

export const orderStatusColor: Record<OrderStatus, 'warning' | 'info' | 'success' | 'default' | 'error'> = {
  pending: 'warning',
  paid: 'info',
  completed: 'success',
  cancelled: 'default',
  refunded: 'error',
};

/**
 * `/dashboard/order/list` (administrators, issue #13): every order, tabs by status with counts, a date range
 * and a search (number, customer name or email), sorted and paged on the server; new orders and status
 * changes arrive live.
 */
export function OrderListView() {
  const { t } = useTranslation();
  const money = useMoney();
  const list = useListState(listConfig);
  useOrdersLive();
  const status = (list.filters.status as OrderStatus | undefined) ?? 'all';
  const orders = useAdminOrders({
    page: list.page + 1,
    pageSize: list.pageSize,
    status,
    search: list.search,
    startDate: list.filters.startDate,
    endDate: list.filters.endDate,
    sort: list.sort?.field,
    order: list.sort?.order,
  });
  const counts = orders.data?.counts;
  const capped = new Set(orders.data?.capped ?? []);

  const columns: DataTableColumn<OrderSummary, OrderSortKey>[] = [
    {
      field: 'number',
      header: t('orders.number'),
      sortable: true,
      width: 110,
      render: (o) => (
        <Link
          component={RouterLink}
          to={paths.dashboard.order.details(o.id)}
          variant="subtitle2"
          underline="always"
        >
          {o.number}
        </Link>
      ),
    },
    {
      field: 'customer',
      header: t('orders.customer'),
      sortable: true,
      minWidth: 220,
      render: (o) => (
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <Avatar src={o.customer.avatarUrl ?? undefined} alt="" sx={{ width: 36, height: 36 }}>
            {o.customer.name.charAt(0)}
          </Avatar>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2" noWrap>
              {o.customer.name}
            </Typography>
            <Typography variant="caption" sx={{ color: 'text.disabled' }} noWrap component="p">
              {o.customer.email}
            </Typography>
          </Box>
        </Stack>
      ),
    },
    {
      field: 'createdAt',
      header: t('orders.date'),
      sortable: true,
      width: 170,
      render: (o) => fDateTime(o.createdAt),
    },
    {
      field: 'items',
      header: t('orders.items'),
      width: 80,
      align: 'center',
      render: (o) => fNumber(o.itemCount),
    },
    { field: 'total', header: t('orders.total'), sortable: true, width: 120, render: (o) => money(o.total) },
    {
      field: 'status',
      header: t('orders.status'),
      sortable: true,
      width: 130,
      render: (o) => (
        <Chip
          size="small"
          variant="outlined"
          color={orderStatusColor[o.status]}
          label={t(`orders.statuses.${o.status}`)}
        />
      ),
    },
  ];

  const tabs: OrderStatusKey[] = ['all', ...orderStatuses];
  return (
    <>
      <PageHeading
        title={t('orders.title')}
        crumbs={[
          { label: t('nav.ecommerce'), to: paths.dashboard.eCommerce.root },
          { label: t('orders.title') },
        ]}
      />
      <Card>
        <Tabs
          value={status}
          onChange={(_event, next: OrderStatusKey) =>
            list.setFilter('status', next === 'all' ? undefined : next)
          }
          variant="scrollable"
          sx={{ px: 2.5, boxShadow: (theme) => `inset 0 -2px 0 0 ${theme.palette.divider}` }}
        >
          {tabs.map((tab) => (
            <Tab
              key={tab}
              value={tab}
              iconPosition="end"
              label={t(`orders.statuses.${tab}`)}
              icon={
                <Chip
                  size="small"
                  label={counts ? `${fNumber(counts[tab])}${capped.has(tab) ? '+' : ''}` : '…'}
                  color={tab === 'all' ? 'default' : orderStatusColor[tab]}
                  variant={tab === status ? 'filled' : 'outlined'}
                />
              }
            />
          ))}
        </Tabs>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ p: 2.5 }}>
          <TextField
            size="small"
            type="date"
            label={t('orders.startDate')}
            value={list.filters.startDate ?? ''}
            onChange={(event) => list.setFilter('startDate', event.target.value || undefined)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            size="small"
            type="date"
            label={t('orders.endDate')}
            value={list.filters.endDate ?? ''}
            onChange={(event) => list.setFilter('endDate', event.target.value || undefined)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            size="small"
            value={list.searchInput}
            onChange={(event) => list.setSearchInput(event.target.value)}
            placeholder={t('orders.searchPlaceholder')}
            sx={{ flexGrow: 1 }}
            slotProps={{
              htmlInput: { 'aria-label': t('orders.search') },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <Search sx={{ color: 'text.disabled' }} />
                  </InputAdornment>
                ),
              },
            }}
          />
        </Stack>
        <DataTable
          label={t('orders.title')}
          columns={columns}
          rows={orders.data?.orders ?? []}
          getRowId={(o) => o.id}
          rowCount={capped.has(status) ? -1 : (orders.data?.total ?? 0)}
          hasNextPage={orders.data?.hasNextPage ?? false}
          {...listTableProps(list, listConfig, orders, orders.error && errorMessage(orders.error, t))}
          emptyText={t('orders.none')}
          sort={list.sort}
          onSortChange={list.setSort}
          rowHeight={64}
        />
      </Card>
    </>
  );
}
