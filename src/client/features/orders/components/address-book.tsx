import Add from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { Address } from '#shared/contract/orders.ts';

import { ConfirmDialog } from '../../../components/confirm-dialog/confirm-dialog.tsx';
import { useSnackbar } from '../../../components/snackbar/use-snackbar.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { useAddresses, useDeleteAddress, useUpdateAddress } from '../api/checkout-api.ts';
import { AddressCard } from './address-card.tsx';
import { AddressDialog } from './address-dialog.tsx';

/**
 * The caller's address book outside the checkout (the account's Addresses tab): add, edit, make one the
 * default, delete (confirmed). The checkout's billing step offers the same addresses.
 */
export function AddressBook() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const addresses = useAddresses();
  const update = useUpdateAddress();
  const remove = useDeleteAddress();
  const [editing, setEditing] = useState<Address | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Address | null>(null);
  const failed = (error: unknown) => enqueueSnackbar(errorMessage(error, t), { variant: 'error' });

  return (
    <Stack spacing={2} sx={{ maxWidth: 720 }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="h6" component="h2">
          {t('orders.checkout.addressBook')}
        </Typography>
        <Button variant="contained" startIcon={<Add />} onClick={() => setEditing('new')}>
          {t('orders.checkout.newAddress')}
        </Button>
      </Stack>
      {addresses.isPending && <Skeleton variant="rounded" height={140} />}
      {addresses.isError && <Alert severity="error">{errorMessage(addresses.error, t)}</Alert>}
      {addresses.data?.length === 0 && <Alert severity="info">{t('orders.checkout.noAddressYet')}</Alert>}
      {addresses.data?.map((address) => (
        <AddressCard
          key={address.id}
          address={address}
          actions={
            <>
              {!address.primary && (
                <Button
                  size="small"
                  color="inherit"
                  onClick={() =>
                    update.mutate(
                      { id: address.id, primary: true },
                      {
                        onSuccess: () =>
                          enqueueSnackbar(t('orders.checkout.defaultChanged', { name: address.name }), {
                            variant: 'success',
                          }),
                        onError: failed,
                      },
                    )
                  }
                >
                  {t('orders.checkout.makeDefault')}
                </Button>
              )}
              <Button size="small" color="inherit" onClick={() => setEditing(address)}>
                {t('orders.checkout.edit')}
              </Button>
              <Button size="small" color="error" onClick={() => setDeleting(address)}>
                {t('orders.checkout.delete')}
              </Button>
            </>
          }
        />
      ))}
      {editing && (
        <AddressDialog
          address={editing === 'new' ? undefined : editing}
          submitLabel={t('orders.checkout.save')}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            enqueueSnackbar(t('orders.checkout.addressSaved'), { variant: 'success' });
          }}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t('orders.checkout.deleteAddress')}
        content={t('orders.checkout.deleteAddressText', { name: deleting?.name ?? '' })}
        action={t('orders.checkout.delete')}
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              setDeleting(null);
              enqueueSnackbar(t('orders.checkout.addressDeleted'), { variant: 'success' });
            },
            onError: (error) => {
              setDeleting(null);
              failed(error);
            },
          })
        }
      />
    </Stack>
  );
}
