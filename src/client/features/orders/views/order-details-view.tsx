import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

import { orderTransitions, type OrderStatus } from '#shared/contract/orders-limits.ts';
import type { Order } from '#shared/contract/orders.ts';

import { StatusMenuButton } from '../../../components/status-menu/status-menu-button.tsx';
import { PageHeading } from '../../../components/page-heading/page-heading.tsx';
import { useSnackbar } from '../../../components/snackbar/use-snackbar.ts';
import { paths } from '../../../config/paths.ts';
import { ApiError, staleRecord } from '../../../lib/api-error.ts';
import { useAuth } from '../../../lib/auth/use-auth.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { fDateTime } from '../../../lib/format.ts';
import { ordersKeys, useChangeOrderStatus, useOrder, useOrdersLive } from '../api/orders-api.ts';
import { useMoney } from '../../../lib/use-money.ts';
import { OrderLines } from '../components/order-lines.tsx';
import { SummaryRow } from '../components/summary-row.tsx';
import { orderStatusColor } from './order-list-view.tsx';

/** The status and, for administrators, the changes it may make (pending → paid, paid → completed…). */
function StatusMenu({ order }: { order: Order }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const queryClient = useQueryClient();
  const isAdmin = useAuth((state) => state.user?.role === 'admin');
  const change = useChangeOrderStatus(order.id);
  const next = orderTransitions[order.status];
  const label = t(`orders.statuses.${order.status}`);
  if (!isAdmin || next.length === 0) {
    return <Chip color={orderStatusColor[order.status]} label={label} />;
  }
  const pick = (status: OrderStatus) => {
    change.mutate(
      { status, version: order.version },
      {
        onSuccess: () =>
          enqueueSnackbar(t('orders.statusChanged', { status: t(`orders.statuses.${status}`) }), {
            variant: 'success',
          }),
        onError: (error) => {
          const fresh = staleRecord<Order>(error);
          if (fresh) queryClient.setQueryData(ordersKeys.order(order.id), { order: fresh });
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
      ariaLabel={t('orders.changeStatus', { status: label })}
      loading={change.isPending}
      options={next.map((status) => ({ value: status, label: t(`orders.markAs.${status}`) }))}
      onPick={pick}
    />
  );
}

function Details({ order }: { order: Order }) {
  const { t } = useTranslation();
  const money = useMoney();
  return (
    <Box
      sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr' }, alignItems: 'start' }}
    >
      <Stack spacing={3}>
        <Card>
          <CardHeader title={t('orders.details')} slotProps={{ title: { variant: 'h6', component: 'h2' } }} />
          <OrderLines items={order.items} />
          <Divider />
          <Stack
            spacing={1.5}
            sx={{ p: 3, maxWidth: 360, ml: 'auto' }}
            role="group"
            aria-label={t('orders.checkout.summary')}
          >
            <SummaryRow label={t('orders.checkout.subtotal')} value={money(order.subtotal)} />
            <SummaryRow
              label={t('orders.checkout.discount')}
              value={
                order.discount
                  ? `−${money(order.discount)}${order.discountCode ? ` (${order.discountCode})` : ''}`
                  : '—'
              }
            />
            <SummaryRow
              label={t('orders.checkout.shipping')}
              value={order.shipping ? money(order.shipping) : t('orders.checkout.free')}
            />
            <SummaryRow label={t('orders.checkout.taxes')} value={money(order.taxes)} />
            <SummaryRow label={t('orders.checkout.total')} value={money(order.total)} strong />
          </Stack>
        </Card>
        <Card>
          <CardHeader title={t('orders.history')} slotProps={{ title: { variant: 'h6', component: 'h2' } }} />
          <Stack
            component="ol"
            spacing={2}
            sx={{ listStyle: 'none', m: 0, px: 3, pb: 3 }}
            aria-label={t('orders.history')}
          >
            {[...order.history].reverse().map((event, index) => (
              <Stack component="li" key={`${event.at}-${index}`} direction="row" spacing={2}>
                <Box
                  sx={{
                    width: 10,
                    height: 10,
                    mt: 0.75,
                    borderRadius: '50%',
                    bgcolor: `${orderStatusColor[event.status] === 'default' ? 'grey' : orderStatusColor[event.status]}.main`,
                    flexShrink: 0,
                  }}
                />
                <Box>
                  <Typography variant="subtitle2">{t(`orders.statuses.${event.status}`)}</Typography>
                  <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                    {fDateTime(event.at)}
                    {event.by ? ` · ${event.by.name}` : ''}
                  </Typography>
                  {event.note && <Typography variant="body2">{event.note}</Typography>}
                </Box>
              </Stack>
            ))}
          </Stack>
        </Card>
      </Stack>
      <Card>
        <CardHeader title={t('orders.customer')} slotProps={{ title: { variant: 'h6', component: 'h2' } }} />
        <Stack spacing={1} sx={{ px: 3, pb: 3 }}>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            <Avatar src={order.customer.avatarUrl ?? undefined} alt="">
              {order.customer.name.charAt(0)}
            </Avatar>
            <Box>
              <Typography variant="subtitle2">
                {order.customer.name || t('orders.deletedCustomer')}
              </Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {order.customer.email}
              </Typography>
            </Box>
          </Stack>
          <Divider sx={{ borderStyle: 'dashed', my: 1 }} />
          <Typography variant="subtitle2">{t('orders.checkout.deliverTo')}</Typography>
          <Typography variant="body2">{order.address.name}</Typography>
          <Typography variant="body2">{order.address.fullAddress}</Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {order.address.phoneNumber}
          </Typography>
          <Divider sx={{ borderStyle: 'dashed', my: 1 }} />
          <Typography variant="subtitle2">{t('orders.checkout.delivery')}</Typography>
          <Typography variant="body2">{t(`orders.checkout.deliveries.${order.delivery}`)}</Typography>
          <Typography variant="subtitle2" sx={{ mt: 1 }}>
            {t('orders.checkout.payment')}
          </Typography>
          <Typography variant="body2">{t(`orders.checkout.methods.${order.paymentMethod}`)}</Typography>
        </Stack>
      </Card>
    </Box>
  );
}

/** `/dashboard/order/{id}`: the order (its customer, or any administrator); administrators change its status. */
export function OrderDetailsView({ id }: { id: string }) {
  const { t } = useTranslation();
  const order = useOrder(id);
  useOrdersLive();
  const isAdmin = useAuth((state) => state.user?.role === 'admin');
  const crumbs = [
    { label: t('nav.ecommerce'), to: paths.dashboard.eCommerce.root },
    { label: isAdmin ? t('orders.title') : t('orders.myTitle'), to: paths.dashboard.order.list },
    { label: order.data?.number ?? '…' },
  ];
  if (order.isError) {
    const missing = order.error instanceof ApiError && order.error.status === 404;
    return (
      <>
        <PageHeading title={t('orders.order')} crumbs={crumbs} />
        <Alert severity={missing ? 'info' : 'error'}>
          {missing ? t('orders.notFound') : errorMessage(order.error, t)}
        </Alert>
      </>
    );
  }
  return (
    <>
      <PageHeading
        title={order.data ? t('orders.orderNumber', { number: order.data.number }) : t('orders.order')}
        crumbs={crumbs}
        action={order.data && <StatusMenu order={order.data} />}
      />
      {order.data && (
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: -3, mb: 3 }}>
          {fDateTime(order.data.createdAt)}
        </Typography>
      )}
      {order.data ? <Details order={order.data} /> : <Skeleton variant="rounded" height={420} />}
    </>
  );
}
