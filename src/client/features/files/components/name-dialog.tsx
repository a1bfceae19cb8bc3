import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { ITEM_NAME_MAX } from '#shared/contract/file-limits.ts';

// eslint-disable-next-line no-control-regex
const UNSAFE = /[/\\\u0000-\u001f\u007f]/;

/** The contract's rule for a name, checked before sending (the server checks it again). */
export function nameProblem(name: string): 'required' | 'invalid' | null {
  const trimmed = name.trim();
  if (!trimmed) return 'required';
  if (UNSAFE.test(trimmed) || trimmed === '.' || trimmed === '..') return 'invalid';
  return null;
}

/**
 * A name for a new folder or a rename: one field, its problem under it, the server's refusal (a name
 * already taken) as `error`. Mounted while open: it starts from `initial` each time.
 */
export function NameDialog({
  title,
  initial = '',
  action,
  loading,
  error,
  onSubmit,
  onClose,
}: {
  title: string;
  initial?: string;
  action: string;
  loading: boolean;
  error: string | null;
  onSubmit: (name: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const [name, setName] = useState(initial);
  const [touched, setTouched] = useState(false);
  const problem = nameProblem(name);
  const shown = touched && problem ? t(`files.nameDialog.${problem}`) : error;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!problem) onSubmit(name.trim());
  };

  return (
    <Dialog open onClose={loading ? undefined : onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label={t('files.nameDialog.name')}
            value={name}
            onChange={(event) => setName(event.target.value)}
            onFocus={(event) => {
              // A file's name is chosen without its extension, as desktop file managers do.
              const dot = event.target.value.lastIndexOf('.');
              if (dot > 0) event.target.setSelectionRange(0, dot);
              else event.target.select();
            }}
            error={Boolean(shown)}
            helperText={shown ?? ' '}
            slotProps={{ htmlInput: { maxLength: ITEM_NAME_MAX } }}
          />
        </DialogContent>
        <DialogActions>
          <Button variant="outlined" color="inherit" onClick={onClose} disabled={loading}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={loading}>
            {action}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
