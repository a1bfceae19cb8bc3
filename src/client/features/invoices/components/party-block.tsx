import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

import type { PartySnapshot } from '#shared/contract/invoices.ts';

/**
 * Who an invoice is from or to: name, company, address, phone and email (what is there), each isolated in
 * its own direction (a Latin address or a phone number stays readable in an Arabic page).
 */
export function PartyBlock({ party }: { party: PartySnapshot }) {
  return (
    <Stack spacing={0.5}>
      <Typography variant="subtitle2">
        <bdi>{party.name}</bdi>
      </Typography>
      {party.company && (
        <Typography variant="body2">
          <bdi>{party.company}</bdi>
        </Typography>
      )}
      <Typography variant="body2" sx={{ whiteSpace: 'pre-line' }}>
        <bdi>{party.fullAddress}</bdi>
      </Typography>
      {party.phoneNumber && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          <bdi dir="ltr">{party.phoneNumber}</bdi>
        </Typography>
      )}
      {party.email && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          <bdi dir="ltr">{party.email}</bdi>
        </Typography>
      )}
    </Stack>
  );
}
