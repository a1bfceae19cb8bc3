import TextField from '@mui/material/TextField';

/**
 * A list's date range: two day fields (`2026-03-01`) whose values live in the list's filters (`startDate`,
 * `endDate`); an emptied field removes its bound.
 */
export function ListDateRange({
  start,
  end,
  startLabel,
  endLabel,
  onChange,
}: {
  start: string | undefined;
  end: string | undefined;
  startLabel: string;
  endLabel: string;
  onChange: (bound: 'startDate' | 'endDate', day: string | undefined) => void;
}) {
  const field = (bound: 'startDate' | 'endDate', label: string, value: string | undefined) => (
    <TextField
      size="small"
      type="date"
      label={label}
      value={value ?? ''}
      onChange={(event) => onChange(bound, event.target.value || undefined)}
      slotProps={{ inputLabel: { shrink: true } }}
    />
  );
  return (
    <>
      {field('startDate', startLabel, start)}
      {field('endDate', endLabel, end)}
    </>
  );
}
