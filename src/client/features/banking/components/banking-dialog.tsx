import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog, { type DialogProps } from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, type ReactNode } from 'react';

type FrameProps = {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  busy?: boolean;
  maxWidth?: DialogProps['maxWidth'];
  phoneFullScreen?: boolean;
  children: ReactNode;
};

/**
 * A banking dialog's frame: named by its title; it stays open while `busy` (a request on its way);
 * `phoneFullScreen` fills a phone's screen. The children are its content and actions.
 */
export function DialogFrame({
  open,
  onClose,
  title,
  busy = false,
  maxWidth = 'xs',
  phoneFullScreen = false,
  children,
}: FrameProps) {
  const titleId = useId();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth={maxWidth}
      fullScreen={phoneFullScreen && phone}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      {children}
    </Dialog>
  );
}

/** A banking form's dialog: what went wrong above the fields, the fields, and the buttons. */
export function BankingDialog({
  problem,
  actions,
  children,
  ...frame
}: FrameProps & { problem?: string | null; actions?: ReactNode }) {
  return (
    <DialogFrame {...frame}>
      <DialogContent>
        <ProblemAlert problem={problem} />
        {children}
      </DialogContent>
      {actions && <DialogActions>{actions}</DialogActions>}
    </DialogFrame>
  );
}

/** What went wrong, above a form's fields (announced at once). */
export function ProblemAlert({ problem }: { problem: string | null | undefined }) {
  return problem ? (
    <Alert severity="error" role="alert" sx={{ mb: 2 }}>
      {problem}
    </Alert>
  ) : null;
}

/** A form's two buttons: back (or cancel), then the action, which shows its request on the way. */
export function FormButtons({
  backLabel,
  onBack,
  submitLabel,
  onSubmit,
  busy,
  danger = false,
}: {
  backLabel: string;
  onBack: () => void;
  submitLabel: string;
  onSubmit: () => void;
  busy: boolean;
  danger?: boolean;
}) {
  return (
    <>
      <Button color="inherit" variant="outlined" onClick={onBack} disabled={busy}>
        {backLabel}
      </Button>
      <Button variant="contained" color={danger ? 'error' : 'primary'} loading={busy} onClick={onSubmit}>
        {submitLabel}
      </Button>
    </>
  );
}
