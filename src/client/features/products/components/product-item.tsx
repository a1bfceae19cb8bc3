import AddShoppingCart from '@mui/icons-material/AddShoppingCart';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import type { ProductCard } from '#shared/contract/products.ts';

import { useSnackbar } from '../../../components/snackbar/use-snackbar.ts';
import { paths } from '../../../config/paths.ts';
import { useMoney } from '../api/products-api.ts';
import { useCartStore } from '../../../lib/cart/cart-store.ts';
import { ColorDots } from '../../../components/product-line/color-dots.tsx';

/** The price a customer pays, and the price before the sale struck through. */
export function Price({
  price,
  priceSale,
  variant = 'subtitle1',
}: {
  price: number;
  priceSale: number | null;
  variant?: 'subtitle1' | 'h5';
}) {
  const money = useMoney();
  return (
    <Stack direction="row" spacing={0.75} sx={{ alignItems: 'baseline' }}>
      {priceSale !== null && (
        <Typography component="del" variant="body2" sx={{ color: 'text.secondary' }}>
          {money(priceSale)}
        </Typography>
      )}
      <Typography variant={variant} component="span">
        {money(price)}
      </Typography>
    </Stack>
  );
}

/** A product in the shop's grid: picture with its labels, name, colours, price and "add to cart". */
export function ProductItem({ product }: { product: ProductCard }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const addToCart = useCartStore((state) => state.addToCart);
  const to = paths.dashboard.eCommerce.view(product.slug);
  const soldOut = product.available <= 0;

  const add = () => {
    addToCart({
      id: product.id,
      name: product.name,
      coverUrl: product.coverUrl,
      price: product.price,
      colors: product.colors.slice(0, 1),
      size: null,
      quantity: 1,
      available: product.available,
    });
    enqueueSnackbar(t('products.addedToCart', { name: product.name }), { variant: 'success' });
  };

  return (
    <Card
      component="article"
      aria-label={product.name}
      sx={{ position: 'relative', '&:hover .add': { opacity: 1 } }}
    >
      <Stack
        direction="row"
        spacing={1}
        sx={{ position: 'absolute', zIndex: 1, top: 16, insetInlineEnd: 16 }}
      >
        {product.newLabel.enabled && <Chip size="small" color="info" label={product.newLabel.content} />}
        {product.saleLabel.enabled && <Chip size="small" color="error" label={product.saleLabel.content} />}
      </Stack>
      <Box sx={{ position: 'relative', p: 1 }}>
        <Box
          component={RouterLink}
          to={to}
          tabIndex={-1}
          aria-hidden
          sx={{
            display: 'block',
            borderRadius: 1.5,
            overflow: 'hidden',
            aspectRatio: '1 / 1',
            bgcolor: 'action.hover',
          }}
        >
          {product.coverUrl && (
            <Box
              component="img"
              src={product.coverUrl}
              alt=""
              loading="lazy"
              sx={{ width: 1, height: 1, objectFit: 'cover', opacity: soldOut ? 0.48 : 1 }}
            />
          )}
        </Box>
        {!soldOut && (
          <Tooltip title={t('products.addToCart')}>
            <IconButton
              className="add"
              color="warning"
              aria-label={t('products.addNamedToCart', { name: product.name })}
              onClick={add}
              sx={{
                position: 'absolute',
                insetInlineEnd: 16,
                bottom: 16,
                bgcolor: 'warning.main',
                color: 'warning.contrastText',
                opacity: { xs: 1, md: 0 },
                transition: 'opacity 0.2s',
                '&:hover, &:focus-visible': { bgcolor: 'warning.dark', opacity: 1 },
              }}
            >
              <AddShoppingCart fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
      </Box>
      <Stack spacing={1.5} sx={{ p: 2.5, pt: 1 }}>
        <Link component={RouterLink} to={to} color="inherit" variant="subtitle2" noWrap underline="hover">
          {product.name}
        </Link>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
          <ColorDots colors={product.colors} />
          {soldOut ? (
            <Typography variant="subtitle2" sx={{ color: 'error.main' }}>
              {t('products.inventory.out of stock')}
            </Typography>
          ) : (
            <Price price={product.price} priceSale={product.priceSale} />
          )}
        </Stack>
      </Stack>
    </Card>
  );
}
