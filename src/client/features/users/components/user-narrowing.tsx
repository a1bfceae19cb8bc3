import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';

import type { SignInDevice } from '#shared/contract/users.ts';

import { fDate } from '../../../lib/format.ts';
import { dayOfCreatedBound } from '../api/users-list.ts';

type UserNarrowingProps = {
  country: string | undefined;
  createdFrom: string | undefined;
  createdTo: string | undefined;
  onClearCountry: () => void;
  onClearCreated: () => void;
  /** People who signed in from this kind of device ("Sessions by device"), in the sign-in period if any. */
  device?: SignInDevice | undefined;
  signedInFrom?: string | undefined;
  signedInTo?: string | undefined;
  onClearDevice?: () => void;
  onClearSignedIn?: () => void;
};

/** A day of the address written in the language (read at noon UTC, so no time zone moves it). */
const dayText = (day: string) => fDate(`${day}T12:00:00Z`);

/**
 * The filters an overview's link put on the list (a profile country, a creation period, sign-ins from a
 * device in a period), each a chip that removes it: they have no control of their own in the toolbar, so
 * the list says what it is showing.
 */
export function UserNarrowing({
  country,
  createdFrom,
  createdTo,
  onClearCountry,
  onClearCreated,
  device,
  signedInFrom,
  signedInTo,
  onClearDevice = () => {},
  onClearSignedIn = () => {},
}: UserNarrowingProps) {
  const { t } = useTranslation();
  if (!country && !createdFrom && !createdTo && !device && !signedInFrom && !signedInTo) return null;
  let signedIn: string | undefined;
  if (signedInFrom && signedInTo) {
    signedIn = t('users.list.narrowing.signedInBetween', {
      from: dayText(dayOfCreatedBound('from', signedInFrom)),
      to: dayText(dayOfCreatedBound('to', signedInTo)),
    });
  } else if (signedInFrom) {
    signedIn = t('users.list.narrowing.signedInFrom', {
      from: dayText(dayOfCreatedBound('from', signedInFrom)),
    });
  } else if (signedInTo) {
    signedIn = t('users.list.narrowing.signedInTo', { to: dayText(dayOfCreatedBound('to', signedInTo)) });
  }
  let created: string | undefined;
  if (createdFrom && createdTo) {
    created = t('users.list.narrowing.createdBetween', {
      from: dayText(dayOfCreatedBound('from', createdFrom)),
      to: dayText(dayOfCreatedBound('to', createdTo)),
    });
  } else if (createdFrom) {
    created = t('users.list.narrowing.createdFrom', {
      from: dayText(dayOfCreatedBound('from', createdFrom)),
    });
  } else if (createdTo) {
    created = t('users.list.narrowing.createdTo', { to: dayText(dayOfCreatedBound('to', createdTo)) });
  }
  return (
    <Box
      role="group"
      aria-label={t('users.list.narrowing.label')}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, px: 2.5, pb: 2 }}
    >
      {country && (
        <NarrowingChip label={t('users.list.narrowing.country', { country })} onClear={onClearCountry} />
      )}
      {created && <NarrowingChip label={created} onClear={onClearCreated} />}
      {device && (
        <NarrowingChip
          label={t('users.list.narrowing.device', { device: t(`users.list.narrowing.devices.${device}`) })}
          onClear={onClearDevice}
        />
      )}
      {signedIn && <NarrowingChip label={signedIn} onClear={onClearSignedIn} />}
    </Box>
  );
}

/** A filter as a chip: pressing it (or its cross, or Delete) removes the filter. */
function NarrowingChip({ label, onClear }: { label: string; onClear: () => void }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      label={label}
      aria-label={t('users.list.narrowing.remove', { filter: label })}
      onClick={onClear}
      onDelete={onClear}
    />
  );
}
