import Add from '@mui/icons-material/Add';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import ShoppingCartOutlined from '@mui/icons-material/ShoppingCartOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepButton from '@mui/material/StepButton';
import Stepper from '@mui/material/Stepper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import { deliveryOptions, type DeliveryOption, type PaymentMethod } from '#shared/contract/orders-limits.ts';
import type { Address, Order } from '#shared/contract/orders.ts';

import { PageHeading } from '../../../components/page-heading/page-heading.tsx';
import { paths } from '../../../config/paths.ts';
import { ApiError, newIdempotencyKey } from '../../../lib/api-error.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import {
  checkDiscount,
  useAddresses,
  usePaymentMethods,
  usePlaceOrder,
  useQuote,
} from '../api/checkout-api.ts';
import { useMoney } from '../../../lib/use-money.ts';
import { AddressCard } from '../components/address-card.tsx';
import { AddressDialog } from '../components/address-dialog.tsx';
import { ProductLine } from '../../../components/product-line/product-line.tsx';
import { SummaryRow } from '../components/summary-row.tsx';
import { QuantityStepper } from '../../../components/product-line/quantity-stepper.tsx';
import { useCartStore, type Checkout } from '../../../lib/cart/cart-store.ts';

const steps = ['cart', 'billing', 'payment'] as const;

function Summary({
  checkout,
  taxes,
  action,
}: {
  checkout: Checkout;
  taxes?: number;
  action?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  const total = checkout.total + (taxes ?? 0);
  return (
    <Card>
      <CardHeader
        title={t('orders.checkout.summary')}
        slotProps={{ title: { variant: 'h6', component: 'h2' } }}
      />
      <Stack spacing={1.5} sx={{ p: 3, pt: 0 }} aria-label={t('orders.checkout.summary')} role="group">
        <SummaryRow label={t('orders.checkout.subtotal')} value={money(checkout.subtotal)} />
        <SummaryRow
          label={t('orders.checkout.discount')}
          value={checkout.discount ? `−${money(checkout.discount)}` : '—'}
        />
        <SummaryRow
          label={t('orders.checkout.shipping')}
          value={checkout.shipping ? money(checkout.shipping) : t('orders.checkout.free')}
        />
        {taxes !== undefined && <SummaryRow label={t('orders.checkout.taxes')} value={money(taxes)} />}
        <Divider sx={{ borderStyle: 'dashed' }} />
        <SummaryRow label={t('orders.checkout.total')} value={money(total)} strong />
        {action}
      </Stack>
    </Card>
  );
}

function CartStep() {
  const { t } = useTranslation();
  const money = useMoney();
  const checkout = useCartStore((state) => state.checkout);
  const { increaseQuantity, decreaseQuantity, removeFromCart, applyDiscount, nextStep } =
    useCartStore.getState();
  const [code, setCode] = useState(checkout.discountCode ?? '');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);

  const apply = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return;
    setChecking(true);
    setCodeError(null);
    try {
      const { discount } = await checkDiscount(code.trim(), checkout.subtotal);
      applyDiscount(discount.amount, discount.code);
    } catch (error) {
      applyDiscount(0);
      setCodeError(errorMessage(error, t));
    } finally {
      setChecking(false);
    }
  };

  if (checkout.cart.length === 0) {
    return (
      <Stack spacing={2} sx={{ alignItems: 'center', py: 10 }}>
        <ShoppingCartOutlined sx={{ fontSize: 64, color: 'text.disabled' }} />
        <Typography variant="h6">{t('orders.checkout.empty')}</Typography>
        <Button
          component={RouterLink}
          to={paths.dashboard.eCommerce.shop}
          startIcon={<ChevronLeft />}
          color="inherit"
        >
          {t('orders.checkout.continueShopping')}
        </Button>
      </Stack>
    );
  }
  return (
    <Box
      sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr' }, alignItems: 'start' }}
    >
      <Card>
        <CardHeader
          title={t('orders.checkout.cartTitle', { count: checkout.totalItems })}
          slotProps={{ title: { variant: 'h6', component: 'h2' } }}
        />
        <Stack
          component="ul"
          aria-label={t('orders.checkout.cartTitle', { count: checkout.totalItems })}
          divider={<Divider component="li" />}
          sx={{ listStyle: 'none', m: 0, p: 0 }}
        >
          {checkout.cart.map((item) => (
            <ProductLine
              key={item.id}
              name={item.name}
              coverUrl={item.coverUrl}
              colors={item.colors}
              size={item.size}
              imageSize={64}
              padding={2.5}
            >
              <QuantityStepper
                value={item.quantity}
                max={item.available}
                onDecrease={() => decreaseQuantity(item.id)}
                onIncrease={() => increaseQuantity(item.id)}
              />
              <Typography variant="subtitle2" sx={{ width: 96, textAlign: 'end' }}>
                {money(item.price * item.quantity)}
              </Typography>
              <IconButton
                aria-label={t('products.removeNamed', { name: item.name })}
                onClick={() => removeFromCart(item.id)}
              >
                <DeleteOutlined fontSize="small" />
              </IconButton>
            </ProductLine>
          ))}
        </Stack>
      </Card>
      <Stack spacing={3}>
        <Summary
          checkout={checkout}
          action={
            <Box
              component="form"
              onSubmit={(event) => void apply(event)}
              sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', pt: 1 }}
            >
              <TextField
                size="small"
                label={t('orders.checkout.discountCode')}
                value={code}
                onChange={(event) => setCode(event.target.value)}
                error={Boolean(codeError)}
                helperText={
                  codeError ??
                  (checkout.discountCode
                    ? t('orders.checkout.discountApplied', { code: checkout.discountCode })
                    : undefined)
                }
                sx={{ flexGrow: 1 }}
              />
              <Button type="submit" variant="outlined" loading={checking}>
                {t('orders.checkout.apply')}
              </Button>
            </Box>
          }
        />
        <Button size="large" variant="contained" onClick={nextStep}>
          {t('orders.checkout.checkOut')}
        </Button>
      </Stack>
    </Box>
  );
}

function BillingStep() {
  const { t } = useTranslation();
  const checkout = useCartStore((state) => state.checkout);
  const { setBilling, nextStep, backStep } = useCartStore.getState();
  const addresses = useAddresses();
  const [adding, setAdding] = useState(false);
  const choose = (address: Address) => {
    setBilling({
      id: address.id,
      name: address.name,
      phoneNumber: address.phoneNumber,
      fullAddress: address.fullAddress,
      addressType: address.addressType,
    });
    nextStep();
  };
  return (
    <Box
      sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr' }, alignItems: 'start' }}
    >
      <Stack spacing={2}>
        {addresses.isError && <Alert severity="error">{errorMessage(addresses.error, t)}</Alert>}
        {addresses.data?.length === 0 && <Alert severity="info">{t('orders.checkout.noAddress')}</Alert>}
        {addresses.data?.map((address) => (
          <AddressCard
            key={address.id}
            address={address}
            actions={
              <Button size="small" variant="outlined" onClick={() => choose(address)}>
                {t('orders.checkout.deliverHere')}
              </Button>
            }
          />
        ))}
        <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
          <Button color="inherit" startIcon={<ChevronLeft />} onClick={backStep}>
            {t('orders.checkout.back')}
          </Button>
          <Button startIcon={<Add />} onClick={() => setAdding(true)}>
            {t('orders.checkout.newAddress')}
          </Button>
        </Stack>
      </Stack>
      <Summary checkout={checkout} />
      {adding && (
        <AddressDialog
          submitLabel={t('orders.checkout.deliverHere')}
          onClose={() => setAdding(false)}
          onSaved={(address) => {
            setAdding(false);
            choose(address);
          }}
        />
      )}
    </Box>
  );
}

function PaymentStep({ onPlaced }: { onPlaced: (order: Order) => void }) {
  const { t } = useTranslation();
  const money = useMoney();
  const checkout = useCartStore((state) => state.checkout);
  const { applyShipping, backStep, gotoStep } = useCartStore.getState();
  const methods = usePaymentMethods();
  const place = usePlaceOrder();
  const [method, setMethod] = useState<PaymentMethod>('cash');
  // A new key per checkout: sending the same order twice (a double click, a retry) places it once.
  const [key] = useState(() => newIdempotencyKey());
  const [problem, setProblem] = useState<string | null>(null);
  const items = checkout.cart.map((item) => ({
    productId: item.id,
    quantity: item.quantity,
    ...(item.colors.length ? { colors: item.colors } : {}),
    ...(item.size ? { size: item.size as never } : {}),
  }));
  const quote = useQuote({
    items,
    delivery: checkout.delivery,
    discountCode: checkout.discountCode ?? undefined,
  });

  const submit = () => {
    if (!checkout.billing) return gotoStep(1);
    setProblem(null);
    place.mutate(
      {
        items,
        addressId: checkout.billing.id,
        delivery: checkout.delivery,
        discountCode: checkout.discountCode ?? undefined,
        paymentMethod: method,
        idempotencyKey: key,
      },
      {
        onSuccess: ({ order }) => onPlaced(order),
        onError: (error) => {
          const body = error instanceof ApiError ? error.body : {};
          const unavailable = body.unavailable as { name: string; available: number }[] | undefined;
          const overLimit = body.overLimit as { name: string; max: number; ordered: number }[] | undefined;
          setProblem(
            unavailable?.length
              ? t('orders.checkout.unavailable', {
                  products: unavailable.map((u) => `${u.name} (${u.available})`).join(', '),
                })
              : overLimit?.length
                ? t('orders.checkout.overLimit', {
                    products: overLimit
                      .map((o) =>
                        o.ordered
                          ? t('orders.checkout.overLimitOrdered', {
                              name: o.name,
                              max: o.max,
                              ordered: o.ordered,
                            })
                          : t('orders.checkout.overLimitItem', { name: o.name, max: o.max }),
                      )
                      .join(', '),
                  })
                : errorMessage(error, t),
          );
        },
      },
    );
  };

  return (
    <Box
      sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr' }, alignItems: 'start' }}
    >
      <Stack spacing={3}>
        <Card sx={{ p: 3 }}>
          <Typography variant="h6" component="h2" sx={{ mb: 2 }} id="delivery-title">
            {t('orders.checkout.delivery')}
          </Typography>
          <RadioGroup
            aria-labelledby="delivery-title"
            value={checkout.delivery}
            onChange={(event) => {
              const option = deliveryOptions.find((d) => d.value === event.target.value)!;
              applyShipping(option.price, option.value as DeliveryOption);
            }}
          >
            {deliveryOptions.map((option) => (
              <FormControlLabel
                key={option.value}
                value={option.value}
                control={<Radio />}
                label={`${t(`orders.checkout.deliveries.${option.value}`)} · ${option.price ? money(option.price) : t('orders.checkout.free')} · ${t('orders.checkout.days', { min: option.minDays, max: option.maxDays })}`}
              />
            ))}
          </RadioGroup>
        </Card>
        <Card sx={{ p: 3 }}>
          <Typography variant="h6" component="h2" sx={{ mb: 2 }} id="payment-title">
            {t('orders.checkout.payment')}
          </Typography>
          <RadioGroup
            aria-labelledby="payment-title"
            value={method}
            onChange={(event) => setMethod(event.target.value as PaymentMethod)}
          >
            {(methods.data ?? []).map((info) => (
              <Box key={info.id}>
                <FormControlLabel
                  value={info.id}
                  control={<Radio />}
                  label={t(`orders.checkout.methods.${info.id}`)}
                />
                {info.id === method && info.instructions && (
                  <Typography variant="body2" sx={{ color: 'text.secondary', whiteSpace: 'pre-wrap', ml: 4 }}>
                    {info.instructions}
                  </Typography>
                )}
              </Box>
            ))}
          </RadioGroup>
        </Card>
        {checkout.billing && (
          <Card sx={{ p: 3 }}>
            <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
              <Typography variant="h6" component="h2">
                {t('orders.checkout.deliverTo')}
              </Typography>
              <Button size="small" onClick={() => gotoStep(1)}>
                {t('orders.checkout.change')}
              </Button>
            </Stack>
            <Typography variant="subtitle2">{checkout.billing.name}</Typography>
            <Typography variant="body2">{checkout.billing.fullAddress}</Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {checkout.billing.phoneNumber}
            </Typography>
          </Card>
        )}
        <Button
          color="inherit"
          startIcon={<ChevronLeft />}
          onClick={backStep}
          sx={{ alignSelf: 'flex-start' }}
        >
          {t('orders.checkout.back')}
        </Button>
      </Stack>
      <Stack spacing={3}>
        {problem && <Alert severity="error">{problem}</Alert>}
        {quote.isError && <Alert severity="warning">{errorMessage(quote.error, t)}</Alert>}
        <Summary
          checkout={{
            ...checkout,
            subtotal: quote.data?.subtotal ?? checkout.subtotal,
            discount: quote.data?.discount ?? checkout.discount,
            shipping: quote.data?.shipping ?? checkout.shipping,
            total:
              (quote.data?.subtotal ?? checkout.subtotal) -
              (quote.data?.discount ?? checkout.discount) +
              (quote.data?.shipping ?? checkout.shipping),
          }}
          taxes={quote.data?.taxes ?? 0}
        />
        <Button size="large" variant="contained" loading={place.isPending} onClick={submit}>
          {t('orders.checkout.completeOrder')}
        </Button>
      </Stack>
    </Box>
  );
}

/**
 * `/dashboard/e-commerce/checkout` (issue #13): the cart (quantities, discount code checked by the server),
 * the delivery address from the address book (or a new one), then delivery and payment; the server prices
 * and places the order (taking the stock), and the cart is emptied.
 */
export function CheckoutView() {
  const { t } = useTranslation();
  const money = useMoney();
  const activeStep = useCartStore((state) => state.checkout.activeStep);
  const { gotoStep, resetCart } = useCartStore.getState();
  const [placed, setPlaced] = useState<Order | null>(null);
  const step = Math.min(activeStep, steps.length - 1);

  return (
    <>
      <PageHeading
        title={t('orders.checkout.title')}
        crumbs={[
          { label: t('nav.ecommerce'), to: paths.dashboard.eCommerce.root },
          { label: t('nav.shop'), to: paths.dashboard.eCommerce.shop },
          { label: t('nav.checkout') },
        ]}
      />
      <Stepper nonLinear activeStep={step} alternativeLabel sx={{ mb: 5 }}>
        {steps.map((name, index) => (
          <Step key={name} completed={index < step}>
            <StepButton onClick={() => index < step && gotoStep(index)} disabled={index > step}>
              {t(`orders.checkout.steps.${name}`)}
            </StepButton>
          </Step>
        ))}
      </Stepper>
      {step === 0 && <CartStep />}
      {step === 1 && <BillingStep />}
      {step === 2 && (
        <PaymentStep
          onPlaced={(order) => {
            setPlaced(order);
            resetCart();
          }}
        />
      )}
      <Dialog open={placed !== null} fullWidth maxWidth="xs" aria-labelledby="order-complete-title">
        <DialogTitle id="order-complete-title">{t('orders.checkout.thanks')}</DialogTitle>
        <DialogContent>
          <Typography>{t('orders.checkout.placed', { number: placed?.number ?? '' })}</Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
            {placed && t('orders.checkout.placedTotal', { total: money(placed.total) })}
          </Typography>
        </DialogContent>
        <DialogActions>
          {placed && (
            <Button
              component={RouterLink}
              to={paths.dashboard.order.details(placed.id)}
              color="inherit"
              variant="outlined"
              onClick={() => setPlaced(null)}
            >
              {t('orders.checkout.viewOrder')}
            </Button>
          )}
          <Button
            component={RouterLink}
            to={paths.dashboard.eCommerce.shop}
            variant="contained"
            onClick={() => setPlaced(null)}
          >
            {t('orders.checkout.continueShopping')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
