import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import dayjs, { type Dayjs } from 'dayjs';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { OVERVIEW_RANGE_MAX_DAYS } from '#shared/contract/overview-range.ts';

import { DatePickersProvider } from '../date-pickers/date-pickers-provider.tsx';
import { customRangeError } from './dashboard-range.ts';

type CustomRangeDialogProps = {
  open: boolean;
  /** The range shown when the dialog opens (the dashboard's current one). */
  initialFrom: string;
  initialTo: string;
  onClose: () => void;
  onApply: (range: { from: string; to: string }) => void;
};

const toDay = (value: Dayjs | null) => (value?.isValid() ? value.format('YYYY-MM-DD') : '');

/**
 * The custom range: two date pickers (MUI X, in the language's names and first weekday), checked as the
 * API checks them (start on or before end, at most `OVERVIEW_RANGE_MAX_DAYS` days). Its own chunk, with the
 * pickers: it loads when "Custom range" is opened (or about to be), never with the dashboard.
 */
export function CustomRangeDialog({
  open,
  initialFrom,
  initialTo,
  onClose,
  onApply,
}: CustomRangeDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const errorId = useId();
  const [from, setFrom] = useState<Dayjs | null>(() => dayjs(initialFrom));
  const [to, setTo] = useState<Dayjs | null>(() => dayjs(initialTo));
  const error = customRangeError(toDay(from), toDay(to));
  const describedBy = error ? errorId : undefined;

  return (
    <DatePickersProvider>
      <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
        <DialogTitle id={titleId}>{t('overview.range.custom.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <DatePicker
              label={t('overview.range.custom.from')}
              value={from}
              onChange={setFrom}
              slotProps={{ textField: { 'aria-describedby': describedBy } }}
            />
            <DatePicker
              label={t('overview.range.custom.to')}
              value={to}
              onChange={setTo}
              slotProps={{ textField: { 'aria-describedby': describedBy } }}
            />
            <Typography
              id={errorId}
              variant="body2"
              aria-live="polite"
              sx={{ color: 'error.main', minHeight: 20 }}
            >
              {error && t(`overview.range.errors.${error}`, { max: OVERVIEW_RANGE_MAX_DAYS })}
            </Typography>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button color="inherit" onClick={onClose}>
            {t('overview.range.custom.cancel')}
          </Button>
          <Button
            variant="contained"
            disabled={error !== null}
            onClick={() => onApply({ from: toDay(from), to: toDay(to) })}
          >
            {t('overview.range.custom.apply')}
          </Button>
        </DialogActions>
      </Dialog>
    </DatePickersProvider>
  );
}
