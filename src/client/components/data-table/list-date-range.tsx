import TextField from '@mui/material/TextField';
import { lazy, Suspense } from 'react';

export type ListDateRangeProps = {
  start: string | undefined;
  end: string | undefined;
  startLabel: string;
  endLabel: string;
  onChange: (bound: 'startDate' | 'endDate', day: string | undefined) => void;
};

const ListDatePickers = lazy(() => import('./list-date-pickers.tsx'));

/**
 * A list's date range: two date pickers whose values live in the list's filters (`startDate`, `endDate`, days
 * such as `2026-03-01`); an emptied field removes its bound. The pickers show and take dates in the interface
 * language's format (a native date field would follow the browser's instead), and their code loads after the
 * list's: meanwhile two read-only fields of the same size hold the place.
 */
export function ListDateRange(props: ListDateRangeProps) {
  const placeholder = (label: string) => (
    <TextField
      size="small"
      label={label}
      disabled
      slotProps={{ inputLabel: { shrink: true } }}
      sx={{ width: { xs: 1, sm: 190 } }}
    />
  );
  return (
    <Suspense
      fallback={
        <>
          {placeholder(props.startLabel)}
          {placeholder(props.endLabel)}
        </>
      }
    >
      <ListDatePickers {...props} />
    </Suspense>
  );
}
