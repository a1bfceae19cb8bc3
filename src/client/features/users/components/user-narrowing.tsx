import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';

import { fDate } from '../../../lib/format.ts';
import { dayOfCreatedBound } from '../api/users-list.ts';

type UserNarrowingProps = {
  country: string | undefined;
  createdFrom: string | undefined;
  createdTo: string | undefined;
  onClearCountry: () => void;
  onClearCreated: () => void;
};

/** A day of the address written in the language (read at noon UTC, so no time zone moves it). */
const dayText = (day: string) => fDate(`${day}T12:00:00Z`);

/**
 * The filters an overview's link put on the list (a profile country, a creation period), each a chip that
 * removes it: they have no control of their own in the toolbar, so the list says what it is showing.
 */
export function UserNarrowing({
  country,
  createdFrom,
  createdTo,
  onClearCountry,
  onClearCreated,
}: UserNarrowingProps) {
  const { t } = useTranslation();
  if (!country && !createdFrom && !createdTo) return null;
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
