import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import { orderStatuses, type OrderSortKey, type OrderStatus } from '#shared/contract/orders-limits.ts';
import type { OrderStatusKey, OrderSummary } from '#shared/contract/orders.ts';

import { CountTabs } from '../../../components/data-table/count-tabs.tsx';
import { ListDateRange } from '../../../components/data-table/list-date-range.tsx';
import { ListSearchField } from '../../../components/data-table/list-search-field.tsx';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table.tsx';
import { listTableProps, useListState } from '../../../components/data-table/use-list-state.ts';
import { PageHeading } from '../../../components/page-heading/page-heading.tsx';
import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { fDateTime, fNumber } from '../../../lib/format.ts';
import { useAuth } from '../../../lib/auth/use-auth.ts';
import { useOrdersLive } from '../api/orders-api.ts';
import { dayOfBound, ordersAdminList, statusesOf, useOrders } from '../api/orders-list.ts';
import { useMoney } from '../../../lib/use-money.ts';
import { OrderLines } from '../components/order-lines.tsx';

/** A tab: every order, one status, or the several statuses the address names. */
type TabKey = OrderStatusKey | 'several';

export const orderStatusColor: Record<OrderStatus, 'warning' | 'info' | 'success' | 'default' | 'error'> = {
  pending: 'warning',
  paid: 'info',
  completed: 'success',
  cancelled: 'default',
  refunded: 'error',
};

/**
 * `/dashboard/order/list` (issue #13): administrators see every order, everyone else their own ("My
 * orders"). Tabs by status with counts, several statuses at once (a tab "Selected" then shows their
 * count), a date range and a search (number; for administrators also the customer's name or email), and for
 * administrators one customer's orders (a chip; a customer's name in a row picks them), sorted and paged on
 * the server; a row opens to show the order's lines; new orders and status changes arrive live.
 */
export function OrderListView() {
  const { t } = useTranslation();
  const money = useMoney();
  const list = useListState(ordersAdminList.config);
  useOrdersLive();
  const isAdmin = useAuth((state) => state.user?.role === 'admin');
  const title = isAdmin ? t('orders.title') : t('orders.myTitle');
  const params = ordersAdminList.paramsOf(list);
  const { statuses } = params;
  const orders = useOrders(isAdmin ? 'all' : 'mine', params);
  const counts = orders.data?.counts;
  const capped = new Set(orders.data?.capped ?? []);
  /** The tab shown chosen: `all`, one status, or `several` (its count is the list's total). */
  const tab: TabKey = statuses.length === 0 ? 'all' : statuses.length === 1 ? statuses[0]! : 'several';
  const totalCapped = tab === 'several' ? statuses.some((s) => capped.has(s)) : capped.has(tab);
  const setStatuses = (next: readonly OrderStatus[]) => {
    const kept = statusesOf(next.join(','));
    list.setFilter('status', kept.length ? kept.join(',') : undefined);
  };
  const customerFilter = isAdmin ? list.filters.customer : undefined;
  const customerName =
    orders.data?.customer === undefined ? '…' : (orders.data.customer?.name ?? t('orders.unknownCustomer'));

  const allColumns: DataTableColumn<OrderSummary, OrderSortKey>[] = [
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
      render: (o) => {
        // A customer who deleted their account: the order stays, without them (ADR 058).
        const { id, name, email, avatarUrl } = o.customer;
        return (
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            <Avatar src={avatarUrl ?? undefined} alt="" sx={{ width: 36, height: 36 }}>
              {name.charAt(0)}
            </Avatar>
            <Box sx={{ minWidth: 0 }}>
              {id === null ? (
                <Typography variant="body2" sx={{ color: 'text.secondary' }} noWrap>
                  {t('orders.deletedCustomer')}
                </Typography>
              ) : (
                <Link
                  component="button"
                  type="button"
                  variant="body2"
                  color="inherit"
                  underline="hover"
                  aria-label={t('orders.ordersOf', { name })}
                  onClick={() => list.setFilter('customer', id)}
                  sx={{
                    display: 'block',
                    maxWidth: 1,
                    overflow: 'hidden',
                    textOverflow: 'ellipsis',
                    whiteSpace: 'nowrap',
                    textAlign: 'start',
                  }}
                >
                  {name}
                </Link>
              )}
              <Typography variant="caption" sx={{ color: 'text.secondary' }} noWrap component="p">
                {email}
              </Typography>
            </Box>
          </Stack>
        );
      },
    },
    {
      field: 'createdAt',
      header: t('orders.date'),
      sortable: true,
      minWidth: 190,
      render: (o) => (
        <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
          {fDateTime(o.createdAt)}
        </Box>
      ),
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

  // Customers' own orders need no customer column.
  const columns = isAdmin ? allColumns : allColumns.filter((column) => column.field !== 'customer');
  const tabs: TabKey[] = ['all', ...orderStatuses, ...(tab === 'several' ? (['several'] as const) : [])];
  const countOf = (key: TabKey) =>
    key === 'several'
      ? `${fNumber(orders.data?.total ?? 0)}${totalCapped ? '+' : ''}`
      : counts
        ? `${fNumber(counts[key])}${capped.has(key) ? '+' : ''}`
        : '…';
  return (
    <>
      <PageHeading
        title={title}
        crumbs={[{ label: t('nav.ecommerce'), to: paths.dashboard.eCommerce.root }, { label: title }]}
      />
      <Card>
        <CountTabs
          value={tab}
          onChange={(next) => {
            if (next !== 'several') setStatuses(next === 'all' ? [] : [next]);
          }}
          tabs={tabs.map((key) => ({
            value: key,
            label: key === 'several' ? t('orders.severalStatuses') : t(`orders.statuses.${key}`),
            count: key === 'several' && !orders.data ? '…' : countOf(key),
            color: key === 'all' || key === 'several' ? 'default' : orderStatusColor[key],
          }))}
        />
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ p: 2.5 }}>
          <TextField
            select
            size="small"
            label={t('orders.statusFilter')}
            value={statuses}
            onChange={(event) => setStatuses(event.target.value as unknown as OrderStatus[])}
            sx={{ minWidth: 180, flexShrink: 0 }}
            slotProps={{
              select: {
                multiple: true,
                renderValue: (value) =>
                  (value as OrderStatus[]).map((s) => t(`orders.statuses.${s}`)).join(', '),
              },
            }}
          >
            {orderStatuses.map((s) => (
              <MenuItem key={s} value={s}>
                {t(`orders.statuses.${s}`)}
              </MenuItem>
            ))}
          </TextField>
          <ListDateRange
            start={dayOfBound('startDate', list.filters.startDate)}
            end={dayOfBound('endDate', list.filters.endDate)}
            startLabel={t('orders.startDate')}
            endLabel={t('orders.endDate')}
            onChange={list.setFilter}
          />
          <ListSearchField
            value={list.searchInput}
            onChange={list.setSearchInput}
            label={t('orders.search')}
            placeholder={isAdmin ? t('orders.searchPlaceholder') : t('orders.searchMinePlaceholder')}
          />
        </Stack>
        {customerFilter && (
          <Stack direction="row" sx={{ px: 2.5, pb: 2 }}>
            <Chip
              size="small"
              label={t('orders.customerFilter', { name: customerName })}
              onDelete={() => list.setFilter('customer', undefined)}
            />
          </Stack>
        )}
        <DataTable
          label={title}
          columns={columns}
          rows={orders.data?.orders ?? []}
          getRowId={(o) => o.id}
          rowCount={totalCapped ? -1 : (orders.data?.total ?? 0)}
          hasNextPage={orders.data?.hasNextPage ?? false}
          {...listTableProps(
            list,
            ordersAdminList.config,
            orders,
            orders.error && errorMessage(orders.error, t),
          )}
          emptyText={
            isAdmin || statuses.length || list.search || list.filters.startDate || list.filters.endDate
              ? t('orders.none')
              : t('orders.noneYet')
          }
          sort={list.sort}
          onSortChange={list.setSort}
          rowHeight={64}
          expansion={{
            rowLabel: (o) => o.number,
            render: (o) => (
              <Box sx={{ px: { xs: 1, md: 4 }, py: 1 }}>
                <OrderLines items={o.items} imageSize={40} />
              </Box>
            ),
          }}
        />
      </Card>
    </>
  );
}
