import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import MenuList from '@mui/material/MenuList';
import { useTranslation } from 'react-i18next';

import { presenceStatuses } from '#shared/contract/realtime.ts';

import { PresenceDot } from '../../../components/presence-dot/presence-dot.tsx';
import { useSnackbar } from '../../../components/snackbar/use-snackbar.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { useChoosePresence, useMyPresence } from '../api/presence-api.ts';

/**
 * "Status" in the account menu: online (activity decides between online and away), away, busy, or appear
 * offline. The chosen one is checked; others see the result live (presence.changed).
 */
export function PresenceChoice() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const mine = useMyPresence();
  const choose = useChoosePresence();
  const choice = choose.isPending ? choose.variables : mine.data?.choice;

  return (
    <MenuList
      dense
      sx={{ p: 1 }}
      aria-label={t('accountMenu.status')}
      subheader={
        <ListSubheader disableSticky sx={{ lineHeight: 2, px: 1, bgcolor: 'transparent' }}>
          {t('accountMenu.status')}
        </ListSubheader>
      }
    >
      {presenceStatuses.map((status) => (
        <MenuItem
          key={status}
          role="menuitemradio"
          aria-checked={choice === status}
          selected={choice === status}
          disabled={!mine.data}
          onClick={() =>
            choose.mutate(status, {
              onError: (error) => enqueueSnackbar(errorMessage(error, t), { variant: 'error' }),
            })
          }
          sx={{ borderRadius: 1, gap: 1.5 }}
        >
          <PresenceDot status={status} />
          {t(`accountMenu.statuses.${status}`)}
        </MenuItem>
      ))}
    </MenuList>
  );
}
