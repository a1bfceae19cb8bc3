import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

import { discountKinds } from '#shared/contract/orders-limits.ts';
import { createDiscountInput, type CreateDiscountInput, type Discount } from '#shared/contract/orders.ts';

import { payloadResolver } from '../../../components/form/form-resolver.ts';
import { FormSelectField } from '../../../components/form/form-select-field.tsx';
import { FormSwitch } from '../../../components/form/form-switch.tsx';
import { FormTextField } from '../../../components/form/form-text-field.tsx';
import { useServerError } from '../../../components/form/use-server-error.ts';
import { usePublicConfig } from '../../../lib/public-config.ts';
import { FormMoneyField } from '../../../components/money-input/money-field.tsx';
import { centsToInput, inputToCents, requiredCents } from '../../../components/money-input/money-input.ts';

type DiscountFormValues = {
  code: string;
  kind: 'percent' | 'amount';
  /** A percentage, or an amount in units. */
  value: string;
  minSubtotal: string;
  /** A day (`2026-12-31`): the code works to the end of it; '' = never expires. */
  expiresOn: string;
  usageLimit: string;
  active: boolean;
};

const pad = (n: number) => String(n).padStart(2, '0');
const dayOf = (iso: string) => {
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};

function formValues(discount?: Discount): DiscountFormValues {
  if (!discount) {
    return {
      code: '',
      kind: 'percent',
      value: '',
      minSubtotal: '',
      expiresOn: '',
      usageLimit: '',
      active: true,
    };
  }
  return {
    code: discount.code,
    kind: discount.kind,
    value: discount.kind === 'percent' ? String(discount.value) : centsToInput(discount.value),
    minSubtotal: discount.minSubtotal ? centsToInput(discount.minSubtotal) : '',
    expiresOn: discount.expiresAt ? dayOf(discount.expiresAt) : '',
    usageLimit: discount.usageLimit === null ? '' : String(discount.usageLimit),
    active: discount.active,
  };
}

/** What the form sends: percentages as typed, amounts in cents, the end of the chosen day in local time. */
function toPayload(values: DiscountFormValues): CreateDiscountInput {
  return {
    code: values.code,
    kind: values.kind,
    // Required: empty (null) is refused with the value's message. Optional: empty is any order (0).
    value: values.kind === 'percent' ? Number(values.value || Number.NaN) : requiredCents(values.value),
    minSubtotal: inputToCents(values.minSubtotal) ?? 0,
    expiresAt: values.expiresOn ? new Date(`${values.expiresOn}T23:59:59.999`).toISOString() : null,
    usageLimit: values.usageLimit.trim() === '' ? null : Number(values.usageLimit),
    active: values.active,
  };
}

const resolver = payloadResolver<DiscountFormValues>(createDiscountInput, toPayload);
const serverFields = ['code', 'value', 'minSubtotal', 'usageLimit'] as const;

/**
 * A new discount code, or an edit of one (`discount`, sent with the version it was read at): code, percent
 * or amount, the least subtotal, expiry day, how many orders may use it, active. The shared schema checks
 * it first; a code already taken shows on its field.
 */
export function DiscountDialog({
  discount,
  onClose,
  onSave,
}: {
  discount?: Discount;
  onClose: () => void;
  onSave: (payload: CreateDiscountInput) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const currency = usePublicConfig().data?.currency ?? 'USD';
  const { control, handleSubmit, setError, formState } = useForm<DiscountFormValues>({
    defaultValues: formValues(discount),
    resolver,
  });
  const { serverError, attempt } = useServerError(setError);
  const kind = useWatch({ control, name: 'kind' });
  const submit = handleSubmit((values) => attempt(serverFields, () => onSave(toPayload(values))));
  const unit = (text: string) => ({
    input: { endAdornment: <InputAdornment position="end">{text}</InputAdornment> },
  });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
        <DialogTitle id={titleId}>
          {discount ? t('orders.discounts.edit') : t('orders.discounts.new')}
        </DialogTitle>
        <DialogContent
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
            pt: '8px !important',
          }}
        >
          {serverError && (
            <Alert severity="error" sx={{ gridColumn: '1 / -1' }}>
              {serverError}
            </Alert>
          )}
          <FormTextField
            control={control}
            name="code"
            label={t('orders.discounts.code')}
            helperText={t('orders.discounts.codeHint')}
            slotProps={{ htmlInput: { style: { textTransform: 'uppercase' } } }}
          />
          <FormSelectField control={control} name="kind" label={t('orders.discounts.kind')}>
            {discountKinds.map((value) => (
              <MenuItem key={value} value={value}>
                {t(`orders.discounts.kinds.${value}`)}
              </MenuItem>
            ))}
          </FormSelectField>
          <FormTextField
            control={control}
            name="value"
            label={t('orders.discounts.value')}
            type="number"
            slotProps={unit(kind === 'percent' ? '%' : currency)}
          />
          <FormMoneyField
            control={control}
            name="minSubtotal"
            label={t('orders.discounts.minSubtotal')}
            helperText={t('orders.discounts.minSubtotalHint')}
            unit={currency}
          />
          <FormTextField
            control={control}
            name="expiresOn"
            label={t('orders.discounts.expiresOn')}
            type="date"
            helperText={t('orders.discounts.expiresHint')}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <FormTextField
            control={control}
            name="usageLimit"
            label={t('orders.discounts.usageLimit')}
            type="number"
            helperText={t('orders.discounts.usageLimitHint')}
          />
          <FormSwitch control={control} name="active" label={t('orders.discounts.active')} />
        </DialogContent>
        <DialogActions>
          <Button color="inherit" onClick={onClose}>
            {t('orders.checkout.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={formState.isSubmitting}>
            {discount ? t('orders.checkout.save') : t('orders.discounts.create')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
