import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import { ChangeBadge } from '../../../components/widget-card/change-badge.tsx';
import { prefetchHandlers, WidgetCard } from '../../../components/widget-card/widget-card.tsx';
import { ordersOfMonth, SOLD } from './ecommerce-links.ts';
import { cardState, type EcommerceWidgetContext } from './ecommerce-widget.ts';

/**
 * The welcome card: this month's sales so far (the viewer's month) against the whole of last month, and
 * the way to this month's orders. For anyone but an administrator, their own purchases.
 */
export function EcommerceWelcome({ ctx, name }: { ctx: EcommerceWidgetContext; name: string }) {
  const { t } = useTranslation();
  const welcome = ctx.data?.welcome;
  const timeZone = ctx.data?.range.timeZone ?? ctx.range.tz;
  // This month's sales: its paid and completed orders.
  const ordersLink = welcome ? ordersOfMonth(welcome.month, timeZone, SOLD) : undefined;
  const nothing = welcome !== undefined && welcome.thisMonth === 0 && welcome.lastMonth === 0;
  const figure = (amount: string) =>
    ctx.isAdmin
      ? t('overview.ecommerce.welcome.shopSales', { amount })
      : t('overview.ecommerce.welcome.mySpend', { amount });

  return (
    <WidgetCard
      id="welcome"
      title={t('overview.ecommerce.welcome.title', { name })}
      info={ctx.isAdmin ? t('overview.ecommerce.welcome.info') : t('overview.ecommerce.welcome.infoMine')}
      {...cardState(ctx)}
      list={ordersLink ? { to: ordersLink, label: t('overview.ecommerce.welcome.viewOrders') } : undefined}
      sx={(theme) => ({
        height: '100%',
        bgcolor: alpha(theme.palette.primary.main, theme.palette.mode === 'dark' ? 0.16 : 0.08),
        boxShadow: 'none',
      })}
    >
      {welcome && (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Typography variant="h6" component="p">
            {nothing
              ? ctx.isAdmin
                ? t('overview.ecommerce.welcome.noShopSales')
                : t('overview.ecommerce.welcome.noPurchases')
              : figure(ctx.money(welcome.thisMonth))}
          </Typography>
          {!nothing && (
            <ChangeBadge
              value={welcome.thisMonth}
              previous={welcome.lastMonth}
              periodColor="text.primary"
              periodLabel={t('overview.ecommerce.welcome.vsLastMonth', {
                amount: ctx.money(welcome.lastMonth),
              })}
            />
          )}
          {ordersLink && (
            <Button
              component={RouterLink}
              to={ordersLink}
              variant="contained"
              {...prefetchHandlers(ordersLink)}
            >
              {t('overview.ecommerce.welcome.viewOrders')}
            </Button>
          )}
        </Stack>
      )}
    </WidgetCard>
  );
}
