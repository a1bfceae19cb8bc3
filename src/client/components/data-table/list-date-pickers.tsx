import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import dayjs, { type Dayjs } from 'dayjs';

import { DatePickersProvider } from '../date-pickers/date-pickers-provider.tsx';
import type { ListDateRangeProps } from './list-date-range.tsx';

const DAY_FORMAT = 'YYYY-MM-DD';

/** A picked value as the list's day, `undefined` when emptied; an unfinished or impossible date is no change. */
function dayOf(value: Dayjs | null): string | undefined | false {
  if (value === null) return undefined;
  return value.isValid() ? value.format(DAY_FORMAT) : false;
}

/**
 * The two pickers of `ListDateRange`, in the interface's language (its date format, month names and first day
 * of the week), loaded with the first list that shows them.
 */
export default function ListDatePickers({ start, end, startLabel, endLabel, onChange }: ListDateRangeProps) {
  const picker = (bound: 'startDate' | 'endDate', label: string, value: string | undefined) => (
    <DatePicker
      label={label}
      value={value ? dayjs(value) : null}
      onChange={(next) => {
        const day = dayOf(next);
        if (day !== false && day !== value) onChange(bound, day);
      }}
      slotProps={{ textField: { size: 'small' }, field: { clearable: true } }}
      sx={{ width: { xs: 1, sm: 190 } }}
    />
  );
  return (
    <DatePickersProvider>
      {picker('startDate', startLabel, start)}
      {picker('endDate', endLabel, end)}
    </DatePickersProvider>
  );
}
