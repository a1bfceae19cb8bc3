import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import type { EcommerceOverview } from '#shared/contract/overview.ts';

import { TableWidget } from '../../../components/widget-card/table-widget.tsx';
import { prefetchHandlers, WidgetCard } from '../../../components/widget-card/widget-card.tsx';
import { fNumber } from '../../../lib/format.ts';
import { NOT_CANCELLED, ordersOfDays, SOLD, type OrderStatusesFilter } from './ecommerce-links.ts';
import { cardState, units, type EcommerceWidgetContext } from './ecommerce-widget.ts';

type Balance = NonNullable<EcommerceOverview['currentBalance']>;
type BalanceLine = { key: keyof Balance; label: string; amount: number; status: OrderStatusesFilter };
type BestCustomer = NonNullable<EcommerceOverview['bestCustomers']>[number];

/**
 * "Current balance" (administrators): the orders placed in the range, cancelled ones aside, as their total
 * and its three parts. Each opens the range's orders of the statuses it adds up: the total every status but
 * cancelled, earnings paid and completed, refunded and pending their own.
 */
export function EcommerceCurrentBalance({ ctx }: { ctx: EcommerceWidgetContext }) {
  const { t } = useTranslation();
  const balance = ctx.data?.currentBalance;
  const timeZone = ctx.data?.range.timeZone ?? ctx.range.tz;
  const orders = (status: OrderStatusesFilter) =>
    ordersOfDays(ctx.range.from, ctx.range.to, timeZone, { status });
  const lines: BalanceLine[] = balance
    ? [
        {
          key: 'earnings',
          label: t('overview.ecommerce.currentBalance.earnings'),
          amount: balance.earnings,
          status: SOLD,
        },
        {
          key: 'refunded',
          label: t('overview.ecommerce.currentBalance.refunded'),
          amount: balance.refunded,
          status: 'refunded',
        },
        {
          key: 'pending',
          label: t('overview.ecommerce.currentBalance.pending'),
          amount: balance.pending,
          status: 'pending',
        },
      ]
    : [];
  const totalLabel = t('overview.ecommerce.currentBalance.orderTotal');

  return (
    <WidgetCard<BalanceLine>
      id="current-balance"
      title={t('overview.ecommerce.currentBalance.title')}
      info={t('overview.ecommerce.currentBalance.info')}
      {...cardState(ctx)}
      empty={!balance || balance.orderTotal === 0}
      emptyText={t('overview.ecommerce.currentBalance.empty')}
      data={{
        columns: [
          { header: t('overview.ecommerce.columns.figure'), value: (line) => line.label },
          {
            header: t('overview.ecommerce.columns.amount', { currency: ctx.currency }),
            value: (line) => units(line.amount),
          },
        ],
        rows: balance
          ? [
              { key: 'orderTotal', label: totalLabel, amount: balance.orderTotal, status: NOT_CANCELLED },
              ...lines,
            ]
          : [],
      }}
      fileName={`current-balance-${ctx.range.from}-${ctx.range.to}`}
      list={{ to: orders(NOT_CANCELLED) }}
      sx={{ height: '100%' }}
    >
      {balance && (
        <Stack spacing={2}>
          <Box>
            <Link
              component={RouterLink}
              to={orders(NOT_CANCELLED)}
              variant="subtitle2"
              color="text.secondary"
              {...prefetchHandlers(orders(NOT_CANCELLED))}
            >
              {totalLabel}
            </Link>
            <Typography variant="h3" component="p">
              {ctx.money(balance.orderTotal)}
            </Typography>
          </Box>
          <Divider sx={{ borderStyle: 'dashed' }} />
          <Stack component="dl" spacing={1.5} sx={{ m: 0 }}>
            {lines.map((line) => (
              <Box key={line.key} sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
                <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
                  <Link
                    component={RouterLink}
                    to={orders(line.status)}
                    color="inherit"
                    {...prefetchHandlers(orders(line.status))}
                  >
                    {line.label}
                  </Link>
                </Typography>
                <Typography component="dd" variant="subtitle2" sx={{ m: 0 }}>
                  {ctx.money(line.amount)}
                </Typography>
              </Box>
            ))}
          </Stack>
        </Stack>
      )}
    </WidgetCard>
  );
}

/**
 * "Best customers" (administrators; the template's "best salesman"): who spent the most in the range, with
 * their country and orders. A customer opens their sales of the range (the orders list's `customer`
 * filter).
 */
export function EcommerceBestCustomers({ ctx }: { ctx: EcommerceWidgetContext }) {
  const { t } = useTranslation();
  const customers = ctx.data?.bestCustomers ?? [];
  const timeZone = ctx.data?.range.timeZone ?? ctx.range.tz;
  /** A customer's sales of the range: what their row adds up. */
  const ordersOf = (customer: string) =>
    ordersOfDays(ctx.range.from, ctx.range.to, timeZone, { status: SOLD, customer });
  const nameOf = (row: BestCustomer) => row.customer.name || t('overview.ecommerce.bestCustomers.deleted');
  const countryOf = (row: BestCustomer) =>
    row.customer.country || t('overview.ecommerce.bestCustomers.noCountry');
  const title = t('overview.ecommerce.bestCustomers.title');

  return (
    <TableWidget<BestCustomer>
      id="best-customers"
      title={title}
      info={t('overview.ecommerce.bestCustomers.info')}
      {...cardState(ctx)}
      empty={customers.length === 0}
      emptyText={t('overview.ecommerce.bestCustomers.empty')}
      data={{
        columns: [
          { header: t('overview.ecommerce.bestCustomers.customer'), value: nameOf },
          { header: t('overview.ecommerce.bestCustomers.country'), value: (row) => row.customer.country },
          {
            header: t('overview.ecommerce.columns.amount', { currency: ctx.currency }),
            value: (row) => units(row.spent),
          },
          { header: t('overview.ecommerce.bestCustomers.orders'), value: (row) => row.orders },
        ],
        rows: customers,
      }}
      fileName={`best-customers-${ctx.range.from}-${ctx.range.to}`}
      viewAll={{ to: ordersOfDays(ctx.range.from, ctx.range.to, timeZone, { status: SOLD }) }}
      sx={{ height: '100%' }}
    >
      <TableContainer>
        <Table size="small" aria-label={title} sx={{ minWidth: 480 }}>
          <TableHead>
            <TableRow>
              <TableCell sx={{ paddingInlineStart: 3 }}>
                {t('overview.ecommerce.bestCustomers.customer')}
              </TableCell>
              <TableCell>{t('overview.ecommerce.bestCustomers.country')}</TableCell>
              <TableCell align="right">{t('overview.ecommerce.bestCustomers.spent')}</TableCell>
              <TableCell align="right" sx={{ paddingInlineEnd: 3 }}>
                {t('overview.ecommerce.bestCustomers.orders')}
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {customers.map((row) => (
              <TableRow key={row.customer.id}>
                <TableCell sx={{ paddingInlineStart: 3 }}>
                  <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                    <Avatar src={row.customer.avatarUrl ?? undefined} alt="" sx={{ width: 36, height: 36 }}>
                      {nameOf(row).charAt(0)}
                    </Avatar>
                    {row.customer.name ? (
                      <Link
                        component={RouterLink}
                        to={ordersOf(row.customer.id)}
                        variant="subtitle2"
                        color="inherit"
                        noWrap
                        aria-label={t('overview.ecommerce.bestCustomers.openOrders', {
                          name: row.customer.name,
                        })}
                      >
                        {row.customer.name}
                      </Link>
                    ) : (
                      <Typography variant="subtitle2" sx={{ color: 'text.secondary' }} noWrap>
                        {nameOf(row)}
                      </Typography>
                    )}
                  </Stack>
                </TableCell>
                <TableCell sx={{ color: row.customer.country ? undefined : 'text.secondary' }}>
                  {countryOf(row)}
                </TableCell>
                <TableCell align="right">{ctx.money(row.spent)}</TableCell>
                <TableCell align="right" sx={{ paddingInlineEnd: 3 }}>
                  {fNumber(row.orders)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </TableWidget>
  );
}
