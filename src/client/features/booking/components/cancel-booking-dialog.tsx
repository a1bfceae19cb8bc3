import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { CANCEL_REASON_MAX, cancelInput, type Booking } from '#shared/contract/booking.ts';

import { useSnackbar } from '../../../components/snackbar/use-snackbar.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { useTranslateMessage } from '../../../locales/use-translate-message.ts';
import { useBookingActions } from '../api/booking-api.ts';

/**
 * "Cancel booking": asks for the reason (required, checked with the contract's `cancelInput`) and sends it;
 * a refusal (the cancel notice has passed: 400, or the booking moved on meanwhile: 409) is shown in the
 * dialog with the server's words. Rendered while open, so each opening starts empty.
 */
export function CancelBookingDialog({ booking, onClose }: { booking: Booking; onClose: () => void }) {
  const { t } = useTranslation();
  const translate = useTranslateMessage();
  const { enqueueSnackbar } = useSnackbar();
  const { cancel } = useBookingActions();
  const titleId = useId();
  const [reason, setReason] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const busy = cancel.isPending;

  const submit = () => {
    const parsed = cancelInput.safeParse({ reason });
    if (!parsed.success) {
      setFieldError(
        reason.trim() === ''
          ? t('booking.details.cancel.reasonRequired')
          : (translate(parsed.error.issues[0]?.message) ?? t('common.somethingWentWrong')),
      );
      return;
    }
    setFieldError(null);
    setProblem(null);
    cancel.mutate(
      { id: booking.id, reason: parsed.data.reason },
      {
        onSuccess: () => {
          enqueueSnackbar(t('booking.details.cancel.done', { number: booking.number }), {
            variant: 'success',
          });
          onClose();
        },
        onError: (error) => setProblem(errorMessage(error, t)),
      },
    );
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{t('booking.details.cancel.title', { number: booking.number })}</DialogTitle>
      <DialogContent>
        {problem && (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {problem}
          </Alert>
        )}
        <DialogContentText sx={{ mb: 2 }}>{t('booking.details.cancel.text')}</DialogContentText>
        <TextField
          autoFocus
          required
          fullWidth
          multiline
          minRows={3}
          label={t('booking.details.cancel.reason')}
          value={reason}
          onChange={(event) => {
            setReason(event.target.value);
            if (fieldError) setFieldError(null);
          }}
          error={fieldError !== null}
          helperText={fieldError ?? `${reason.length} / ${CANCEL_REASON_MAX}`}
          slotProps={{ htmlInput: { maxLength: CANCEL_REASON_MAX, dir: 'auto' } }}
        />
      </DialogContent>
      <DialogActions>
        <Button variant="outlined" color="inherit" onClick={onClose} disabled={busy}>
          {t('booking.details.cancel.keep')}
        </Button>
        <Button variant="contained" color="error" loading={busy} onClick={submit}>
          {t('booking.details.cancel.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
