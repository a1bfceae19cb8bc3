import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import { productCategories, type ProductCategory } from '#shared/contract/products-limits.ts';
import type { EcommerceOverview } from '#shared/contract/overview.ts';

import { prefetchHandlers, WidgetCard } from '../../../components/widget-card/widget-card.tsx';
import { paths } from '../../../config/paths.ts';
import { fPercent } from '../../../lib/format.ts';
import { shopOf } from './ecommerce-links.ts';
import { cardState, units, type EcommerceWidgetContext } from './ecommerce-widget.ts';

type CategoryShare = EcommerceOverview['salesByCategory'][number];

const barColors = ['primary', 'warning', 'info', 'success', 'error', 'secondary'] as const;

const isCategory = (value: string | null): value is ProductCategory =>
  value !== null && (productCategories as readonly string[]).includes(value);

/**
 * "Sales by category" (the template's "sales overview"): the range's net revenue per product category,
 * each bar its share of the whole, most first. A category's name opens the shop filtered to it; the lines
 * of products deleted since have no category to open.
 */
export function EcommerceSalesByCategory({ ctx }: { ctx: EcommerceWidgetContext }) {
  const { t } = useTranslation();
  const categories = (ctx.data?.salesByCategory ?? []).filter(
    (share) => share.revenue > 0 || share.units > 0,
  );
  const total = categories.reduce((sum, share) => sum + share.revenue, 0);
  const label = (category: string | null) =>
    isCategory(category)
      ? t(`products.categories.${category}`)
      : (category ?? t('overview.ecommerce.salesByCategory.deleted'));

  return (
    <WidgetCard<CategoryShare>
      id="sales-by-category"
      title={t('overview.ecommerce.salesByCategory.title')}
      info={t('overview.ecommerce.salesByCategory.info')}
      {...cardState(ctx)}
      empty={categories.length === 0}
      emptyText={ctx.isAdmin ? t('overview.ecommerce.noSales') : t('overview.ecommerce.noPurchases')}
      skeleton={
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} variant="rounded" height={28} />
          ))}
        </Box>
      }
      data={{
        columns: [
          { header: t('overview.ecommerce.columns.category'), value: (share) => label(share.category) },
          { header: t('overview.ecommerce.columns.units'), value: (share) => share.units },
          {
            header: t('overview.ecommerce.columns.revenue', { currency: ctx.currency }),
            value: (share) => units(share.revenue),
          },
        ],
        rows: categories,
      }}
      fileName={`sales-by-category-${ctx.range.from}-${ctx.range.to}`}
      list={{ to: paths.dashboard.eCommerce.shop }}
      sx={{ height: '100%' }}
    >
      <Box
        component="ul"
        sx={{ m: 0, p: 0, listStyle: 'none', display: 'flex', flexDirection: 'column', gap: 2.5 }}
      >
        {categories.map((share, index) => (
          <CategoryRow
            key={share.category ?? ''}
            label={label(share.category)}
            to={isCategory(share.category) ? shopOf({ category: share.category }) : undefined}
            amount={ctx.money(share.revenue)}
            share={total > 0 ? share.revenue / total : 0}
            color={barColors[index % barColors.length] ?? 'primary'}
          />
        ))}
      </Box>
    </WidgetCard>
  );
}

function CategoryRow({
  label,
  to,
  amount,
  share,
  color,
}: {
  label: string;
  to: string | undefined;
  amount: string;
  share: number;
  color: (typeof barColors)[number];
}) {
  const labelId = useId();
  const valueText = `${amount} (${fPercent(share)})`;
  return (
    <Box component="li">
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, mb: 1 }}>
        {to ? (
          <Link
            id={labelId}
            component={RouterLink}
            to={to}
            variant="subtitle2"
            color="inherit"
            noWrap
            {...prefetchHandlers(to)}
          >
            {label}
          </Link>
        ) : (
          <Typography id={labelId} variant="subtitle2" noWrap>
            {label}
          </Typography>
        )}
        <Typography variant="body2" sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }}>
          {valueText}
        </Typography>
      </Box>
      <LinearProgress
        variant="determinate"
        value={share * 100}
        color={color}
        aria-labelledby={labelId}
        aria-valuetext={valueText}
        sx={{ height: 8, borderRadius: 1 }}
      />
    </Box>
  );
}
