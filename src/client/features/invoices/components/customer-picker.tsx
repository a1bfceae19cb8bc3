import EditOutlined from '@mui/icons-material/EditOutlined';
import PersonAddOutlined from '@mui/icons-material/PersonAddOutlined';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useAuth } from '../../../lib/auth/use-auth.ts';
import { useDebouncedCallback } from '../../../lib/use-debounced-callback.ts';
import { useCustomers } from '../api/invoices-api.ts';
import { CustomerDialog, type PickedCustomer } from './customer-dialog.tsx';
import { PartyBlock } from './party-block.tsx';

/**
 * Who the invoice goes to: a customer of the shared address book, searched on the server, with "New
 * customer" (and Edit of the chosen one, for the person who added it and administrators: the server refuses
 * anyone else) in a dialog; the chosen customer's details show below.
 */
export function CustomerPicker({
  value,
  onChange,
  error,
}: {
  value: PickedCustomer | null;
  onChange: (customer: PickedCustomer | null) => void;
  error?: string | undefined;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const setSearchSoon = useDebouncedCallback(setSearch, 250);
  const customers = useCustomers(search);
  const [dialog, setDialog] = useState<'new' | 'edit' | null>(null);
  const me = useAuth((state) => state.user);
  // A customer taken from an invoice's copy does not say who added it: the server decides then.
  const mayEdit =
    value !== null && (me?.role === 'admin' || value.createdBy === undefined || value.createdBy === me?.id);
  return (
    <Stack spacing={1.5}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Autocomplete
          sx={{ flexGrow: 1 }}
          options={(customers.data ?? []) as PickedCustomer[]}
          value={value}
          loading={customers.isFetching}
          filterOptions={(options) => options}
          getOptionLabel={(option) => option.name}
          isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
          onChange={(_event, next) => onChange(next)}
          onInputChange={(_event, text, reason) => {
            if (reason === 'input') setSearchSoon(text);
          }}
          noOptionsText={t('invoices.form.noCustomers')}
          renderOption={({ key, ...props }, option) => (
            <li key={key} {...props}>
              <Stack>
                <Typography variant="body2">{option.name}</Typography>
                <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                  {[option.company, option.email].filter(Boolean).join(' · ')}
                </Typography>
              </Stack>
            </li>
          )}
          renderInput={(params) => (
            <TextField
              {...params}
              label={t('invoices.form.customer')}
              placeholder={t('invoices.form.customerPlaceholder')}
              error={Boolean(error)}
              helperText={error}
            />
          )}
        />
        {mayEdit && (
          <Tooltip title={t('invoices.form.editCustomer')}>
            <IconButton
              aria-label={t('invoices.form.editCustomer')}
              onClick={() => setDialog('edit')}
              sx={{ mt: 1 }}
            >
              <EditOutlined />
            </IconButton>
          </Tooltip>
        )}
      </Stack>
      <Button
        size="small"
        startIcon={<PersonAddOutlined />}
        onClick={() => setDialog('new')}
        sx={{ alignSelf: 'flex-start' }}
      >
        {t('invoices.form.newCustomer')}
      </Button>
      {value ? (
        <PartyBlock party={value} />
      ) : (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('invoices.form.chooseCustomer')}
        </Typography>
      )}
      {dialog && (
        <CustomerDialog
          customer={dialog === 'edit' ? (value ?? undefined) : undefined}
          onClose={() => setDialog(null)}
          onSaved={(customer) => {
            setDialog(null);
            onChange(customer);
          }}
        />
      )}
    </Stack>
  );
}
