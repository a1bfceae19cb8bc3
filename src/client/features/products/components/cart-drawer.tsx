import Close from '@mui/icons-material/Close';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import ShoppingCartOutlined from '@mui/icons-material/ShoppingCartOutlined';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import { paths } from '../../../config/paths.ts';

import { useMoney } from '../api/products-api.ts';
import { useCartStore } from '../../../lib/cart/cart-store.ts';
import { ProductLine } from '../../../components/product-line/product-line.tsx';
import { QuantityStepper } from '../../../components/product-line/quantity-stepper.tsx';

/**
 * The cart (the spec's checkout cart, kept in localStorage): its lines with quantity ± (not below 1, not
 * above the stock), removal, the subtotal, emptying it, and the way to the checkout.
 */
export function CartButton() {
  const { t } = useTranslation();
  const money = useMoney();
  const [open, setOpen] = useState(false);
  const checkout = useCartStore((state) => state.checkout);
  const increase = useCartStore((state) => state.increaseQuantity);
  const decrease = useCartStore((state) => state.decreaseQuantity);
  const remove = useCartStore((state) => state.removeFromCart);
  const reset = useCartStore((state) => state.resetCart);

  return (
    <>
      <Tooltip title={t('products.cart')}>
        <IconButton
          aria-label={t('products.cartWithCount', { count: checkout.totalItems })}
          onClick={() => setOpen(true)}
        >
          <Badge badgeContent={checkout.totalItems} color="error" max={99}>
            <ShoppingCartOutlined />
          </Badge>
        </IconButton>
      </Tooltip>
      <Drawer
        anchor="right"
        open={open}
        onClose={() => setOpen(false)}
        slotProps={{ paper: { sx: { width: { xs: 1, sm: 400 } }, 'aria-label': t('products.cart') } }}
      >
        <Stack direction="row" sx={{ alignItems: 'center', px: 2, py: 1.5 }}>
          <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
            {t('products.cart')}
          </Typography>
          <IconButton aria-label={t('products.closeCart')} onClick={() => setOpen(false)}>
            <Close />
          </IconButton>
        </Stack>
        <Divider />
        {checkout.cart.length === 0 ? (
          <Typography variant="body2" sx={{ p: 3, color: 'text.secondary' }}>
            {t('products.cartEmpty')}
          </Typography>
        ) : (
          <Stack
            component="ul"
            aria-label={t('products.cart')}
            divider={<Divider component="li" />}
            sx={{ listStyle: 'none', m: 0, p: 0, overflowY: 'auto', flexGrow: 1 }}
          >
            {checkout.cart.map((item) => (
              <ProductLine
                key={item.id}
                name={item.name}
                coverUrl={item.coverUrl}
                colors={item.colors}
                size={item.size}
                below={
                  <Stack sx={{ mt: 0.5, alignItems: 'flex-start' }}>
                    <QuantityStepper
                      value={item.quantity}
                      max={item.available}
                      onDecrease={() => decrease(item.id)}
                      onIncrease={() => increase(item.id)}
                    />
                  </Stack>
                }
              >
                <Stack sx={{ alignItems: 'flex-end' }}>
                  <Typography variant="subtitle2">{money(item.price * item.quantity)}</Typography>
                  <IconButton
                    size="small"
                    aria-label={t('products.removeNamed', { name: item.name })}
                    onClick={() => remove(item.id)}
                  >
                    <DeleteOutlined fontSize="small" />
                  </IconButton>
                </Stack>
              </ProductLine>
            ))}
          </Stack>
        )}
        {checkout.cart.length > 0 && (
          <Box sx={{ p: 2.5, borderTop: 1, borderColor: 'divider' }}>
            <Stack direction="row" sx={{ justifyContent: 'space-between', mb: 2 }}>
              <Typography variant="subtitle1">{t('products.subtotal')}</Typography>
              <Typography variant="subtitle1">{money(checkout.subtotal)}</Typography>
            </Stack>
            <Stack spacing={1}>
              <Button
                fullWidth
                variant="contained"
                component={RouterLink}
                to={paths.dashboard.eCommerce.checkout}
                onClick={() => setOpen(false)}
              >
                {t('products.checkOut')}
              </Button>
              <Button fullWidth color="inherit" variant="outlined" onClick={reset}>
                {t('products.emptyCart')}
              </Button>
            </Stack>
          </Box>
        )}
      </Drawer>
    </>
  );
}
