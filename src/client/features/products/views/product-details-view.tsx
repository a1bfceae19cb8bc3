import AddShoppingCart from '@mui/icons-material/AddShoppingCart';
import CheckIcon from '@mui/icons-material/Check';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import MenuItem from '@mui/material/MenuItem';
import Rating from '@mui/material/Rating';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';

import type { Product } from '#shared/contract/products.ts';

import { PageHeading } from '../../../components/page-heading/page-heading.tsx';
import { useSnackbar } from '../../../components/snackbar/use-snackbar.ts';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { useAuth } from '../../../lib/auth/use-auth.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { useProduct } from '../api/products-api.ts';
import { CartButton } from '../components/cart-drawer.tsx';
import { useColorName } from '../../../components/product-line/color-dots.tsx';
import { Price } from '../components/product-item.tsx';
import { ProductReviews } from '../components/product-reviews.tsx';
import { QuantityStepper } from '../../../components/product-line/quantity-stepper.tsx';
import { useCartStore } from '../../../lib/cart/cart-store.ts';

const inventoryColor = { 'in stock': 'success', 'low stock': 'warning', 'out of stock': 'error' } as const;

/** `/dashboard/e-commerce/product/{name}` (issue #13): pictures, choices, add to cart, description, reviews. */
export function ProductDetailsView({ name }: { name: string }) {
  const { t } = useTranslation();
  const product = useProduct(name);
  const isAdmin = useAuth((state) => state.user?.role === 'admin');
  const crumbs = [
    { label: t('nav.ecommerce'), to: paths.dashboard.eCommerce.root },
    { label: t('nav.shop'), to: paths.dashboard.eCommerce.shop },
    { label: product.data?.name ?? name },
  ];
  if (product.isError) {
    const missing = product.error instanceof ApiError && product.error.status === 404;
    return (
      <>
        <PageHeading title={t('products.detailsTitle')} crumbs={crumbs} />
        <Alert severity={missing ? 'info' : 'error'}>
          {missing ? t('products.notFound') : errorMessage(product.error, t)}
        </Alert>
      </>
    );
  }
  return (
    <>
      <PageHeading
        title={product.data?.name ?? t('products.detailsTitle')}
        crumbs={crumbs}
        action={
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            {isAdmin && product.data && (
              <Button
                component={RouterLink}
                to={paths.dashboard.eCommerce.edit(product.data.slug)}
                color="inherit"
                variant="outlined"
                startIcon={<EditOutlined />}
              >
                {t('products.admin.edit')}
              </Button>
            )}
            <CartButton />
          </Stack>
        }
      />
      {product.data ? <ProductDetails product={product.data} /> : <Skeleton variant="rounded" height={480} />}
    </>
  );
}

function Gallery({ product }: { product: Product }) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const images = product.images.length ? product.images : product.coverUrl ? [product.coverUrl] : [];
  const current = images[Math.min(index, images.length - 1)];
  return (
    <Box>
      <Box sx={{ borderRadius: 2, overflow: 'hidden', aspectRatio: '1 / 1', bgcolor: 'action.hover' }}>
        {current && (
          <Box
            component="img"
            src={current}
            alt={product.name}
            sx={{ width: 1, height: 1, objectFit: 'cover' }}
          />
        )}
      </Box>
      {images.length > 1 && (
        <Stack direction="row" spacing={1} sx={{ mt: 1.5, overflowX: 'auto', justifyContent: 'center' }}>
          {images.map((src, position) => (
            <ButtonBase
              key={src}
              onClick={() => setIndex(position)}
              aria-label={t('products.showImage', { index: position + 1 })}
              aria-pressed={position === index}
              sx={{
                width: 64,
                height: 64,
                borderRadius: 1.25,
                overflow: 'hidden',
                flexShrink: 0,
                opacity: position === index ? 1 : 0.48,
                outline: position === index ? '2px solid' : 'none',
                outlineColor: 'primary.main',
              }}
            >
              <Box component="img" src={src} alt="" sx={{ width: 1, height: 1, objectFit: 'cover' }} />
            </ButtonBase>
          ))}
        </Stack>
      )}
    </Box>
  );
}

function ProductDetails({ product }: { product: Product }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const colorName = useColorName();
  const addToCart = useCartStore((state) => state.addToCart);
  const [color, setColor] = useState(product.colors[0] ?? '');
  const [size, setSize] = useState(product.sizes[0] ?? '');
  const [quantity, setQuantity] = useState(1);
  const [tab, setTab] = useState<'description' | 'reviews'>('description');
  const colorsLabel = useId();
  const soldOut = product.available <= 0;
  // What one customer may take: the stock, and at most the product's maximum per customer (the server
  // also counts their earlier orders).
  const maxUnits = Math.min(product.available, product.maxPerCustomer ?? product.available);

  const add = () => {
    addToCart({
      id: product.id,
      name: product.name,
      coverUrl: product.coverUrl,
      price: product.price,
      colors: color ? [color] : [],
      size: size || null,
      quantity,
      available: maxUnits,
    });
    enqueueSnackbar(t('products.addedToCart', { name: product.name }), { variant: 'success' });
  };

  return (
    <>
      <Box sx={{ display: 'grid', gap: { xs: 3, md: 5 }, gridTemplateColumns: { xs: '1fr', md: '7fr 5fr' } }}>
        <Gallery product={product} />
        <Stack spacing={2.5}>
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
            {product.newLabel.enabled && <Chip size="small" color="info" label={product.newLabel.content} />}
            {product.saleLabel.enabled && (
              <Chip size="small" color="error" label={product.saleLabel.content} />
            )}
            <Chip
              size="small"
              variant="outlined"
              color={inventoryColor[product.inventoryType]}
              label={t(`products.inventory.${product.inventoryType}`)}
            />
          </Stack>
          <Typography variant="h5" component="h2">
            {product.name}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Rating
              readOnly
              size="small"
              precision={0.1}
              value={product.totalRatings}
              aria-label={t('products.reviews.stars', { value: product.totalRatings })}
            />
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('products.reviews.count', { count: product.totalReviews })}
            </Typography>
          </Stack>
          <Price price={product.price} priceSale={product.priceSale} variant="h5" />
          {product.subDescription && (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {product.subDescription}
            </Typography>
          )}
          <Divider sx={{ borderStyle: 'dashed' }} />
          {product.colors.length > 0 && (
            <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
              <Typography id={colorsLabel} variant="subtitle2">
                {t('products.color')}
              </Typography>
              <Box role="radiogroup" aria-labelledby={colorsLabel} sx={{ display: 'flex', gap: 1 }}>
                {product.colors.map((option) => (
                  <ButtonBase
                    key={option}
                    role="radio"
                    aria-checked={option === color}
                    aria-label={colorName(option)}
                    onClick={() => setColor(option)}
                    sx={{
                      width: 24,
                      height: 24,
                      borderRadius: '50%',
                      bgcolor: option,
                      border: 1,
                      borderColor: 'divider',
                      color: (theme) => theme.palette.getContrastText(option),
                    }}
                  >
                    {option === color && <CheckIcon sx={{ fontSize: 16 }} />}
                  </ButtonBase>
                ))}
              </Box>
            </Stack>
          )}
          {product.sizes.length > 0 && (
            <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
              <Typography variant="subtitle2">{t('products.size')}</Typography>
              <TextField
                select
                size="small"
                value={size}
                onChange={(event) => setSize(event.target.value)}
                sx={{ minWidth: 96 }}
                slotProps={{ htmlInput: { 'aria-label': t('products.size') } }}
              >
                {product.sizes.map((option) => (
                  <MenuItem key={option} value={option}>
                    {option}
                  </MenuItem>
                ))}
              </TextField>
            </Stack>
          )}
          <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
            <Typography variant="subtitle2">{t('products.quantity')}</Typography>
            <Stack spacing={0.5} sx={{ alignItems: 'flex-end' }}>
              <QuantityStepper
                value={quantity}
                max={maxUnits}
                onDecrease={() => setQuantity((q) => q - 1)}
                onIncrease={() => setQuantity((q) => q + 1)}
              />
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                {t('products.available', { count: product.available })}
              </Typography>
              {product.maxPerCustomer !== null && (
                <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                  {t('products.limitPerCustomer', { max: product.maxPerCustomer })}
                </Typography>
              )}
            </Stack>
          </Stack>
          <Divider sx={{ borderStyle: 'dashed' }} />
          <Stack direction="row" spacing={2}>
            <Button
              fullWidth
              size="large"
              color="warning"
              variant="contained"
              startIcon={<AddShoppingCart />}
              disabled={soldOut}
              onClick={add}
            >
              {t('products.addToCart')}
            </Button>
            <Button
              fullWidth
              size="large"
              variant="contained"
              disabled={soldOut}
              onClick={() => {
                add();
                void navigate(paths.dashboard.eCommerce.checkout);
              }}
            >
              {t('products.buyNow')}
            </Button>
          </Stack>
        </Stack>
      </Box>
      <Card sx={{ mt: 5 }}>
        <Tabs
          value={tab}
          onChange={(_event, value: 'description' | 'reviews') => setTab(value)}
          sx={{ px: 3 }}
        >
          <Tab value="description" label={t('products.description')} />
          <Tab value="reviews" label={t('products.reviews.tab', { count: product.totalReviews })} />
        </Tabs>
        <Divider />
        <Box sx={{ p: 3 }}>
          {tab === 'description' ? (
            // Sanitised on the server before it was stored (ADR 022).
            <Box
              dir="auto"
              sx={{ typography: 'body2', '& img': { maxWidth: 1 } }}
              dangerouslySetInnerHTML={{ __html: product.description }}
            />
          ) : (
            <ProductReviews productId={product.id} />
          )}
        </Box>
      </Card>
    </>
  );
}
