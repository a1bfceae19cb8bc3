import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import type { EcommerceOverview } from '#shared/contract/overview.ts';

import { CarouselSlide } from '../../../components/widget-card/carousel-slide.tsx';
import { CarouselWidget } from '../../../components/widget-card/carousel-widget.tsx';
import { TableWidget } from '../../../components/widget-card/table-widget.tsx';
import type { WidgetData } from '../../../components/widget-card/widget-export.ts';
import { paths } from '../../../config/paths.ts';
import { fDate } from '../../../lib/format.ts';
import { cardState, units, type EcommerceWidgetContext } from './ecommerce-widget.ts';
import { useProductsLive } from './products-live.ts';

type LatestProduct = EcommerceOverview['latestProducts'][number];

const CAROUSEL_HEIGHT = 280;

/** The list a product widget leads to: the catalogue, newest first, for administrators; the shop otherwise. */
const productsList = (isAdmin: boolean) =>
  isAdmin ? `${paths.dashboard.eCommerce.list}?sort=createdAt&order=desc` : paths.dashboard.eCommerce.shop;

/** The price paid, after the price before the sale struck through (the catalogue's `priceSale`). */
function ProductPrice({ product, money }: { product: LatestProduct; money: (cents: number) => string }) {
  return (
    <Box component="span" sx={{ display: 'inline-flex', gap: 0.75, alignItems: 'baseline' }}>
      {product.priceSale !== null && (
        <Box component="del" sx={{ typography: 'body2', opacity: 0.72 }}>
          {money(product.priceSale)}
        </Box>
      )}
      <Box component="span" sx={{ typography: 'subtitle2' }}>
        {money(product.price)}
      </Box>
    </Box>
  );
}

/** What the two product widgets export. */
function useProductsData(ctx: EcommerceWidgetContext): WidgetData<LatestProduct> {
  const { t } = useTranslation();
  const currency = ctx.currency;
  return {
    columns: [
      { header: t('overview.ecommerce.columns.product'), value: (p) => p.name },
      { header: t('overview.ecommerce.columns.price', { currency }), value: (p) => units(p.price) },
      {
        header: t('overview.ecommerce.columns.priceBefore', { currency }),
        value: (p) => (p.priceSale === null ? '' : units(p.priceSale)),
      },
      { header: t('overview.ecommerce.columns.added'), value: (p) => p.createdAt },
    ],
    rows: ctx.data?.latestProducts ?? [],
  };
}

/** "New products": the newest products, one slide each, each opening its product page; live with the catalog. */
export function EcommerceNewProducts({ ctx }: { ctx: EcommerceWidgetContext }) {
  const { t } = useTranslation();
  const data = useProductsData(ctx);
  useProductsLive('ecommerce');
  return (
    <CarouselWidget<LatestProduct, LatestProduct>
      id="new-products"
      title={t('overview.ecommerce.newProducts.title')}
      info={t('overview.ecommerce.newProducts.info')}
      {...cardState(ctx)}
      emptyText={t('overview.ecommerce.noProducts')}
      items={ctx.data?.latestProducts ?? []}
      itemKey={(product) => product.id}
      height={CAROUSEL_HEIGHT}
      data={data}
      list={{ to: productsList(ctx.isAdmin) }}
      sx={{ height: '100%' }}
      renderItem={(product) => (
        <CarouselSlide
          to={paths.dashboard.eCommerce.view(product.slug)}
          imageUrl={product.coverUrl}
          height={CAROUSEL_HEIGHT}
          overline={t('overview.ecommerce.newProducts.view')}
          title={product.name}
          subtitle={<ProductPrice product={product} money={ctx.money} />}
        />
      )}
    />
  );
}

/** "Latest products": the newest products as a list, each with its picture, date and price; live. */
export function EcommerceLatestProducts({ ctx }: { ctx: EcommerceWidgetContext }) {
  const { t } = useTranslation();
  const data = useProductsData(ctx);
  useProductsLive('ecommerce');
  const products = ctx.data?.latestProducts ?? [];
  return (
    <TableWidget<LatestProduct>
      id="latest-products"
      title={t('overview.ecommerce.latestProducts.title')}
      info={t('overview.ecommerce.latestProducts.info')}
      {...cardState(ctx)}
      empty={products.length === 0}
      emptyText={t('overview.ecommerce.noProducts')}
      data={data}
      viewAll={{ to: productsList(ctx.isAdmin) }}
      sx={{ height: '100%' }}
    >
      <Stack component="ul" spacing={2} sx={{ m: 0, px: 3, pb: 3, listStyle: 'none' }}>
        {products.map((product) => (
          <Stack component="li" key={product.id} direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <Avatar
              variant="rounded"
              src={product.coverUrl ?? undefined}
              alt=""
              sx={{ width: 48, height: 48, bgcolor: 'action.hover' }}
            >
              {product.name.charAt(0)}
            </Avatar>
            <Box sx={{ minWidth: 0, flexGrow: 1 }}>
              <Link
                component={RouterLink}
                to={paths.dashboard.eCommerce.view(product.slug)}
                variant="subtitle2"
                color="inherit"
                noWrap
                sx={{ display: 'block' }}
              >
                {product.name}
              </Link>
              <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }}>
                {t('overview.ecommerce.latestProducts.added', { date: fDate(product.createdAt) })}
              </Typography>
            </Box>
            <ProductPrice product={product} money={ctx.money} />
          </Stack>
        ))}
      </Stack>
    </TableWidget>
  );
}
