import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button, { type ButtonProps } from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

type InlineNameFormProps = {
  /** The button that opens the form ("Add card", "New column"). */
  openLabel: string;
  label: string;
  placeholder?: string;
  maxLength: number;
  loading: boolean;
  /** Saves the name; `done()` empties the field (and, with `closeAfter`, closes the form). */
  onSubmit: (name: string, done: () => void) => void;
  closeAfter?: boolean;
  buttonSx?: ButtonProps['sx'];
};

/**
 * A name typed in place: a button that becomes a field with Add and Cancel (Escape cancels). "Add card"
 * keeps the field open for the next card; "New column" closes it.
 */
export function InlineNameForm({
  openLabel,
  label,
  placeholder,
  maxLength,
  loading,
  onSubmit,
  closeAfter = false,
  buttonSx,
}: InlineNameFormProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = name.trim();
    if (!next) return;
    onSubmit(next, () => {
      setName('');
      if (closeAfter) setOpen(false);
    });
  };
  if (!open) {
    return (
      <Button startIcon={<Add />} color="inherit" onClick={() => setOpen(true)} sx={buttonSx}>
        {openLabel}
      </Button>
    );
  }
  return (
    <Box component="form" onSubmit={submit}>
      <TextField
        autoFocus
        fullWidth
        size="small"
        label={label}
        placeholder={placeholder}
        value={name}
        onChange={(event) => setName(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setOpen(false);
        }}
        slotProps={{ htmlInput: { maxLength } }}
      />
      <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
        <Button type="submit" variant="contained" size="small" loading={loading}>
          {t('kanban.card.add')}
        </Button>
        <Button size="small" color="inherit" onClick={() => setOpen(false)}>
          {t('kanban.card.cancel')}
        </Button>
      </Stack>
    </Box>
  );
}
