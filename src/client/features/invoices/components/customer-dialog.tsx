import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

import { customerInput, type Customer, type PartySnapshot } from '#shared/contract/invoices.ts';

/**
 * A customer as a form holds it: the address book's record, or an invoice's copy of it with its id (then
 * who added it is not known here).
 */
export type PickedCustomer = PartySnapshot & {
  id: string;
  version?: number | undefined;
  createdBy?: string | null | undefined;
};

import { payloadResolver } from '../../../components/form/form-resolver.ts';
import { FormTextField } from '../../../components/form/form-text-field.tsx';
import { useServerError } from '../../../components/form/use-server-error.ts';
import { useSaveCustomer } from '../api/invoices-api.ts';

type CustomerFormValues = {
  name: string;
  company: string;
  email: string;
  phoneNumber: string;
  fullAddress: string;
};
const fields = ['name', 'company', 'email', 'phoneNumber', 'fullAddress'] as const;
const resolver = payloadResolver<CustomerFormValues>(customerInput, (values) => values);

/** A new customer for the invoice address book, or an edit of one (with the version it was read at). */
export function CustomerDialog({
  customer,
  onClose,
  onSaved,
}: {
  customer?: PickedCustomer | undefined;
  onClose: () => void;
  onSaved: (customer: Customer) => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const save = useSaveCustomer();
  const { control, handleSubmit, setError, formState } = useForm<CustomerFormValues>({
    defaultValues: {
      name: customer?.name ?? '',
      company: customer?.company ?? '',
      email: customer?.email ?? '',
      phoneNumber: customer?.phoneNumber ?? '',
      fullAddress: customer?.fullAddress ?? '',
    },
    resolver,
  });
  const { serverError, attempt } = useServerError(setError);
  const submit = handleSubmit((values: CustomerFormValues) =>
    attempt(fields, async () => {
      const { customer: saved } = await save.mutateAsync(
        customer
          ? {
              id: customer.id,
              body: { ...values, ...(customer.version ? { version: customer.version } : {}) },
            }
          : { body: values },
      );
      onSaved(saved);
    }),
  );
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <form
        noValidate
        onSubmit={(event) => {
          // The dialog sits inside the invoice form: its submit must not submit the invoice.
          event.stopPropagation();
          void submit(event);
        }}
      >
        <DialogTitle id={titleId}>
          {customer
            ? t('invoices.form.customerDialog.editTitle')
            : t('invoices.form.customerDialog.newTitle')}
        </DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: '8px !important' }}>
          {serverError && <Alert severity="error">{serverError}</Alert>}
          <FormTextField
            control={control}
            name="name"
            label={t('invoices.form.customerDialog.name')}
            required
          />
          <FormTextField control={control} name="company" label={t('invoices.form.customerDialog.company')} />
          <FormTextField
            control={control}
            name="email"
            label={t('invoices.form.customerDialog.email')}
            type="email"
          />
          <FormTextField
            control={control}
            name="phoneNumber"
            label={t('invoices.form.customerDialog.phone')}
            type="tel"
          />
          <FormTextField
            control={control}
            name="fullAddress"
            label={t('invoices.form.customerDialog.address')}
            required
            multiline
            minRows={2}
          />
        </DialogContent>
        <DialogActions>
          <Button color="inherit" onClick={onClose}>
            {t('invoices.form.customerDialog.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={formState.isSubmitting}>
            {t('invoices.form.customerDialog.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
