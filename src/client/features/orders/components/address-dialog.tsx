import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import type { Address } from '#shared/contract/orders.ts';

import { errorMessage } from '../../../lib/error-message.ts';
import { useCreateAddress, useUpdateAddress } from '../api/checkout-api.ts';

/**
 * A new address for the caller's book, or an edit of one (`address`): recipient, phone, the one-line
 * address, home or office, and whether it is the default. The server checks it (its message shows here).
 */
export function AddressDialog({
  address,
  submitLabel,
  onClose,
  onSaved,
}: {
  address?: Address;
  submitLabel: string;
  onClose: () => void;
  onSaved: (address: Address) => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const create = useCreateAddress();
  const update = useUpdateAddress();
  const [values, setValues] = useState({
    name: address?.name ?? '',
    phoneNumber: address?.phoneNumber ?? '',
    fullAddress: address?.fullAddress ?? '',
    addressType: address?.addressType ?? ('home' as 'home' | 'office'),
    primary: address?.primary ?? false,
  });
  const [problem, setProblem] = useState<string | null>(null);
  const set = (key: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: event.target.value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const callbacks = {
      onSuccess: ({ address: saved }: { address: Address }) => onSaved(saved),
      onError: (error: unknown) => setProblem(errorMessage(error, t)),
    };
    if (address) {
      // A default stays one until another address becomes it (the server refuses unsetting it).
      const { primary, ...fields } = values;
      update.mutate({ id: address.id, ...fields, ...(primary ? { primary } : {}) }, callbacks);
    } else {
      create.mutate(values, callbacks);
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <Box component="form" onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>
          {address ? t('orders.checkout.editAddress') : t('orders.checkout.newAddress')}
        </DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: '8px !important' }}>
          {problem && <Alert severity="error">{problem}</Alert>}
          <RadioGroup row value={values.addressType} onChange={set('addressType')}>
            <FormControlLabel
              value="home"
              control={<Radio />}
              label={t('orders.checkout.addressTypes.home')}
            />
            <FormControlLabel
              value="office"
              control={<Radio />}
              label={t('orders.checkout.addressTypes.office')}
            />
          </RadioGroup>
          <TextField
            label={t('orders.checkout.fullName')}
            value={values.name}
            onChange={set('name')}
            required
          />
          <TextField
            label={t('orders.checkout.phone')}
            value={values.phoneNumber}
            onChange={set('phoneNumber')}
            required
            type="tel"
          />
          <TextField
            label={t('orders.checkout.fullAddress')}
            value={values.fullAddress}
            onChange={set('fullAddress')}
            required
            multiline
            minRows={2}
          />
          <FormControlLabel
            control={
              <Switch
                checked={values.primary}
                // The default is changed by making another address the default.
                disabled={address?.primary}
                onChange={(event) => setValues((v) => ({ ...v, primary: event.target.checked }))}
              />
            }
            label={t('orders.checkout.useAsDefault')}
          />
        </DialogContent>
        <DialogActions>
          <Button color="inherit" onClick={onClose}>
            {t('orders.checkout.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={create.isPending || update.isPending}>
            {submitLabel}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
