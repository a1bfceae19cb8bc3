import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import type { Address } from '#shared/contract/orders.ts';

/** One address of the book (a section named by its recipient): who, home or office, default, where, phone. */
export function AddressCard({ address, actions }: { address: Address; actions: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Card component="section" aria-label={address.name} sx={{ p: 3 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="subtitle2">{address.name}</Typography>
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          ({t(`orders.checkout.addressTypes.${address.addressType}`)})
        </Typography>
        {address.primary && <Chip size="small" color="info" label={t('orders.checkout.default')} />}
      </Stack>
      <Typography variant="body2">
        <bdi>{address.fullAddress}</bdi>
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        <bdi dir="ltr">{address.phoneNumber}</bdi>
      </Typography>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', mt: 1 }}>
        {actions}
      </Stack>
    </Card>
  );
}
