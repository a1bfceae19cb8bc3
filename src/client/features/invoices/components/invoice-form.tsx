import Add from '@mui/icons-material/Add';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useController, useFieldArray, useForm, useWatch, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

import { invoiceLanguages, invoiceTotalsOf, type InvoiceLanguage } from '#shared/contract/invoices-limits.ts';
import { invoiceInput, type Invoice, type InvoiceInput } from '#shared/contract/invoices.ts';

import { payloadResolver } from '../../../components/form/form-resolver.ts';
import { FormSelectField } from '../../../components/form/form-select-field.tsx';
import { FormTextField } from '../../../components/form/form-text-field.tsx';
import { useServerError } from '../../../components/form/use-server-error.ts';
import { usePublicConfig } from '../../../lib/public-config.ts';
import { useMoney } from '../../../lib/use-money.ts';
import { FormMoneyField } from '../../../components/money-input/money-field.tsx';
import {
  centsToInput as units,
  inputToCents,
  requiredCents,
} from '../../../components/money-input/money-input.ts';
import { useTranslateMessage } from '../../../locales/use-translate-message.ts';
import { useFromAddresses, useServices } from '../api/invoices-api.ts';
import type { PickedCustomer } from './customer-dialog.tsx';
import { CustomerPicker } from './customer-picker.tsx';
import { PartyBlock } from './party-block.tsx';

type ItemValues = { title: string; description: string; serviceId: string; quantity: string; price: string };

export type InvoiceFormValues = {
  fromAddressId: string;
  customer: PickedCustomer | null;
  createDate: string;
  dueDate: string;
  language: InvoiceLanguage;
  items: ItemValues[];
  shipping: string;
  discount: string;
  taxes: string;
  notes: string;
};

/** An optional amount (shipping, discount) as cents: empty is none, 0 (components/money-input). */
const cents = (text: string) => inputToCents(text) ?? 0;
const optionalNumber = (text: string) => (text.trim() === '' ? 0 : Number(text));
const today = () => new Date().toISOString().slice(0, 10);
const inDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const emptyItem = (): ItemValues => ({ title: '', description: '', serviceId: '', quantity: '1', price: '' });

export function invoiceFormValues(invoice?: Invoice, language: InvoiceLanguage = 'en'): InvoiceFormValues {
  if (!invoice) {
    const created = today();
    return {
      fromAddressId: '',
      customer: null,
      createDate: created,
      dueDate: inDays(created, 30),
      language,
      items: [emptyItem()],
      shipping: '',
      discount: '',
      taxes: '',
      notes: '',
    };
  }
  return {
    fromAddressId: invoice.fromAddressId ?? '',
    customer: { id: invoice.customerId, ...invoice.invoiceTo },
    createDate: invoice.createDate,
    dueDate: invoice.dueDate,
    language: invoice.language,
    items: invoice.items.map((item) => ({
      title: item.title,
      description: item.description,
      serviceId: item.serviceId ?? '',
      quantity: String(item.quantity),
      price: units(item.price),
    })),
    shipping: invoice.shipping ? units(invoice.shipping) : '',
    discount: invoice.discount ? units(invoice.discount) : '',
    taxes: invoice.taxes ? String(invoice.taxes) : '',
    notes: invoice.notes,
  };
}

/** What the form sends: ids, days, lines in cents (no totals: the server computes them), the status asked. */
export function toInvoicePayload(
  values: InvoiceFormValues,
  status: 'draft' | 'pending' = 'draft',
): InvoiceInput {
  return {
    fromAddressId: values.fromAddressId,
    customerId: values.customer?.id ?? '',
    createDate: values.createDate,
    dueDate: values.dueDate,
    language: values.language,
    items: values.items.map((item) => ({
      title: item.title,
      description: item.description,
      serviceId: item.serviceId || null,
      quantity: Number(item.quantity || Number.NaN),
      price: requiredCents(item.price),
    })),
    shipping: cents(values.shipping),
    discount: cents(values.discount),
    taxes: optionalNumber(values.taxes),
    notes: values.notes,
    status,
  };
}

const resolver = payloadResolver<InvoiceFormValues>(invoiceInput, (values) => toInvoicePayload(values));

function FromField({ control }: { control: Control<InvoiceFormValues> }) {
  const { t } = useTranslation();
  const addresses = useFromAddresses();
  const { field, fieldState } = useController({ control, name: 'fromAddressId' });
  const translate = useTranslateMessage();
  const chosen = addresses.data?.find((address) => address.id === field.value);
  // A new invoice starts from the workspace's default address.
  const fallback = addresses.data?.find((address) => address.primary) ?? addresses.data?.[0];
  const { value, onChange } = field;
  useEffect(() => {
    if (!value && fallback) onChange(fallback.id);
  }, [value, fallback, onChange]);
  if (addresses.data?.length === 0) return <Alert severity="warning">{t('invoices.form.noFrom')}</Alert>;
  return (
    <Stack spacing={1.5}>
      <FormSelectField control={control} name="fromAddressId" label={t('invoices.form.chooseFrom')}>
        {(addresses.data ?? []).map((address) => (
          <MenuItem key={address.id} value={address.id}>
            {address.company || address.name}
          </MenuItem>
        ))}
      </FormSelectField>
      {fieldState.error && (
        <Typography variant="caption" sx={{ color: 'error.main' }}>
          {translate(fieldState.error.message)}
        </Typography>
      )}
      {chosen && <PartyBlock party={chosen} />}
    </Stack>
  );
}

function CustomerField({ control }: { control: Control<InvoiceFormValues> }) {
  const { field } = useController({ control, name: 'customer' });
  // The schema checks `customerId`, which the resolver reports under that name.
  const { fieldState } = useController({ control, name: 'customerId' as 'customer' });
  const translate = useTranslateMessage();
  return (
    <CustomerPicker
      value={field.value}
      onChange={field.onChange}
      error={translate(fieldState.error?.message) ?? undefined}
    />
  );
}

function ItemRows({ control }: { control: Control<InvoiceFormValues> }) {
  const { t } = useTranslation();
  const money = useMoney();
  const services = useServices();
  const { fields, append, remove, update } = useFieldArray({ control, name: 'items' });
  const items = useWatch({ control, name: 'items' });
  return (
    <Stack spacing={3} component="section" aria-label={t('invoices.form.items')}>
      {fields.map((row, index) => {
        const item = items[index] ?? row;
        const lineTotal = cents(item.price) * (Number(item.quantity) || 0);
        return (
          <Stack
            key={row.id}
            role="group"
            aria-label={`${t('invoices.form.items')} ${index + 1}`}
            spacing={2}
            sx={{ pb: 3, borderBottom: 1, borderColor: 'divider', borderBottomStyle: 'dashed' }}
          >
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
              <FormTextField
                control={control}
                name={`items.${index}.title`}
                label={t('invoices.form.item.title')}
              />
              <FormTextField
                control={control}
                name={`items.${index}.description`}
                label={t('invoices.form.item.description')}
              />
            </Box>
            <Box
              sx={{
                display: 'grid',
                gap: 2,
                gridTemplateColumns: { xs: '1fr 1fr', md: '2fr 1fr 1fr 1fr auto' },
                alignItems: 'center',
              }}
            >
              <TextField
                select
                label={t('invoices.form.item.service')}
                value={item.serviceId}
                onChange={(event) => {
                  // Choosing a service fills in its price (and the title when there is none yet).
                  const service = services.data?.find((s) => s.id === event.target.value);
                  update(index, {
                    ...item,
                    serviceId: event.target.value,
                    ...(service
                      ? { price: units(service.price), title: item.title.trim() ? item.title : service.name }
                      : {}),
                  });
                }}
                sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}
              >
                <MenuItem value="">{t('invoices.form.item.noService')}</MenuItem>
                {(services.data ?? []).map((service) => (
                  <MenuItem key={service.id} value={service.id}>
                    {service.name}
                  </MenuItem>
                ))}
              </TextField>
              <FormTextField
                control={control}
                name={`items.${index}.quantity`}
                label={t('invoices.form.item.quantity')}
                type="number"
                slotProps={{ htmlInput: { min: 1 } }}
              />
              <FormMoneyField
                control={control}
                name={`items.${index}.price`}
                label={t('invoices.form.item.price')}
              />
              <Typography
                variant="subtitle2"
                aria-label={t('invoices.form.item.total')}
                sx={{ textAlign: 'end', minWidth: 96 }}
              >
                {money(Number.isFinite(lineTotal) ? lineTotal : 0)}
              </Typography>
              <IconButton
                color="error"
                aria-label={t('invoices.form.item.remove', { index: index + 1 })}
                disabled={fields.length === 1}
                onClick={() => remove(index)}
              >
                <DeleteOutlined />
              </IconButton>
            </Box>
          </Stack>
        );
      })}
      <Button startIcon={<Add />} onClick={() => append(emptyItem())} sx={{ alignSelf: 'flex-start' }}>
        {t('invoices.form.addItem')}
      </Button>
    </Stack>
  );
}

/** The totals as the server will compute them (the same function), live while the form is edited. */
function Totals({ control }: { control: Control<InvoiceFormValues> }) {
  const { t } = useTranslation();
  const money = useMoney();
  const [items, shipping, discount, taxes] = useWatch({
    control,
    name: ['items', 'shipping', 'discount', 'taxes'],
  });
  const finite = (n: number) => (Number.isFinite(n) ? n : 0);
  const totals = invoiceTotalsOf({
    items: items.map((item) => ({
      quantity: finite(Number(item.quantity)),
      price: finite(cents(item.price)),
    })),
    shipping: finite(cents(shipping)),
    discount: finite(cents(discount)),
    taxes: finite(optionalNumber(taxes)),
  });
  const row = (label: string, value: string, strong = false) => (
    <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
      <Typography
        variant={strong ? 'subtitle1' : 'body2'}
        sx={{ color: strong ? 'text.primary' : 'text.secondary' }}
      >
        {label}
      </Typography>
      <Typography variant={strong ? 'subtitle1' : 'subtitle2'}>{value}</Typography>
    </Stack>
  );
  return (
    <Stack
      spacing={1.5}
      role="group"
      aria-label={t('invoices.form.summary')}
      sx={{ width: { xs: 1, md: 360 }, ml: 'auto' }}
    >
      {row(t('invoices.form.subtotal'), money(totals.subtotal))}
      {row(t('invoices.form.shipping'), money(finite(cents(shipping))))}
      {row(t('invoices.form.discount'), `−${money(finite(cents(discount)))}`)}
      {row(t('invoices.form.taxAmount'), money(totals.taxAmount))}
      <Divider sx={{ borderStyle: 'dashed' }} />
      {row(t('invoices.form.total'), money(totals.total), true)}
    </Stack>
  );
}

export type InvoiceFormProps = {
  invoice?: Invoice;
  /** Saves the payload; `send` when the person asked to mail it too. */
  onSubmit: (payload: InvoiceInput, send: boolean) => Promise<unknown>;
};

const serverFields = [
  'fromAddressId',
  'createDate',
  'dueDate',
  'shipping',
  'discount',
  'taxes',
  'notes',
] as const;

/**
 * The invoice form (new and edit, issue #14): from (the workspace's addresses) and to (the customer
 * picker with New customer), dates, language, item rows with services filling in prices and live totals,
 * shipping, discount, taxes, notes; "Save as draft" and "Create & send" (edit: "Update", "Update & send").
 * The shared schema checks it before it is sent; the server computes the figures it stores.
 */
export function InvoiceForm({ invoice, onSubmit }: InvoiceFormProps) {
  const { t, i18n } = useTranslation();
  const currency = usePublicConfig().data?.currency ?? 'USD';
  const uiLanguage = (invoiceLanguages as readonly string[]).includes(i18n.language)
    ? (i18n.language as InvoiceLanguage)
    : 'en';
  const { control, handleSubmit, setError, formState } = useForm<InvoiceFormValues>({
    defaultValues: invoiceFormValues(invoice, uiLanguage),
    resolver,
  });
  const { serverError, attempt } = useServerError(setError);
  const [sending, setSending] = useState(false);
  const submit = (send: boolean) =>
    handleSubmit((values) => {
      setSending(send);
      const status = invoice
        ? invoice.status === 'draft' && !send
          ? 'draft'
          : 'pending'
        : send
          ? 'pending'
          : 'draft';
      const payload = toInvoicePayload(values, status);
      // An edit keeps a paid invoice paid.
      if (invoice?.status === 'paid') delete payload.status;
      return attempt(serverFields, () => onSubmit(payload, send));
    });
  return (
    <Stack
      component="form"
      noValidate
      spacing={3}
      onSubmit={(event) => {
        event.preventDefault();
        void submit(false)(event);
      }}
    >
      {serverError && <Alert severity="error">{serverError}</Alert>}
      <Card sx={{ p: 3 }}>
        <Box
          sx={{
            display: 'grid',
            gap: 3,
            gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
            '& > section': { minWidth: 0 },
          }}
        >
          <Stack component="section" spacing={2} aria-label={t('invoices.form.from')}>
            <Typography variant="h6" component="h2" sx={{ color: 'text.secondary' }}>
              {t('invoices.form.from')}
            </Typography>
            <FromField control={control} />
          </Stack>
          <Stack component="section" spacing={2} aria-label={t('invoices.form.to')}>
            <Typography variant="h6" component="h2" sx={{ color: 'text.secondary' }}>
              {t('invoices.form.to')}
            </Typography>
            <CustomerField control={control} />
          </Stack>
        </Box>
        <Box
          sx={{
            mt: 3,
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' },
            p: 2,
            borderRadius: 1,
            bgcolor: 'background.neutral',
          }}
        >
          <FormTextField
            control={control}
            name="createDate"
            label={t('invoices.form.createDate')}
            type="date"
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <FormTextField
            control={control}
            name="dueDate"
            label={t('invoices.form.dueDate')}
            type="date"
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <FormSelectField control={control} name="language" label={t('invoices.form.language')}>
            {invoiceLanguages.map((value) => (
              <MenuItem key={value} value={value}>
                {t(`invoices.languages.${value}`)}
              </MenuItem>
            ))}
          </FormSelectField>
        </Box>
        <Typography variant="h6" component="h2" sx={{ color: 'text.secondary', mt: 4, mb: 3 }}>
          {t('invoices.form.details')}
        </Typography>
        <ItemRows control={control} />
        <Box
          sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' }, my: 3 }}
        >
          <FormMoneyField
            control={control}
            name="shipping"
            label={t('invoices.form.shipping')}
            unit={currency}
          />
          <FormMoneyField
            control={control}
            name="discount"
            label={t('invoices.form.discount')}
            unit={currency}
          />
          <FormTextField control={control} name="taxes" label={t('invoices.form.taxes')} type="number" />
        </Box>
        <Totals control={control} />
        <FormTextField
          control={control}
          name="notes"
          label={t('invoices.form.notes')}
          multiline
          minRows={2}
          sx={{ mt: 3 }}
          fullWidth
        />
      </Card>
      <Stack direction="row" spacing={2} sx={{ justifyContent: 'flex-end' }}>
        <Button
          size="large"
          variant="outlined"
          color="inherit"
          type="submit"
          loading={formState.isSubmitting && !sending}
          disabled={formState.isSubmitting}
        >
          {invoice ? t('invoices.form.update') : t('invoices.form.saveDraft')}
        </Button>
        <Button
          size="large"
          variant="contained"
          loading={formState.isSubmitting && sending}
          disabled={formState.isSubmitting}
          onClick={(event) => void submit(true)(event)}
        >
          {invoice ? t('invoices.form.updateSend') : t('invoices.form.createSend')}
        </Button>
      </Stack>
    </Stack>
  );
}
