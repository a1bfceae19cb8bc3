import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { ClashChoice } from '../api/files-upload.ts';

/** `report.pdf` → `report (2).pdf`: what "Keep both" will most likely call the new file. */
export function numberedName(name: string, number = 2): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? `${name.slice(0, dot)} (${number})${name.slice(dot)}` : `${name} (${number})`;
}

/**
 * A file of the same name is already in the folder: keep both (numbered), replace (the upload becomes its
 * new version) or skip; with others waiting, the same answer may go to them all.
 */
export function ClashDialog({
  name,
  others,
  onChoose,
}: {
  name: string;
  /** How many more clashes wait after this one. */
  others: number;
  onChoose: (choice: ClashChoice, forAll: boolean) => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const [forAll, setForAll] = useState(false);
  const choice = (value: ClashChoice, hint?: string) => (
    <Stack spacing={0.25}>
      <Button
        variant={value === 'keepBoth' ? 'contained' : 'outlined'}
        color="inherit"
        onClick={() => onChoose(value, forAll)}
      >
        {t(`files.clash.${value}`)}
      </Button>
      {hint && (
        <Typography variant="caption" sx={{ color: 'text.secondary', textAlign: 'center' }}>
          {hint}
        </Typography>
      )}
    </Stack>
  );
  return (
    <Dialog open aria-labelledby={titleId} maxWidth="xs" fullWidth onClose={() => onChoose('skip', false)}>
      <DialogTitle id={titleId} sx={{ wordBreak: 'break-word' }}>
        {t('files.clash.title', { name })}
      </DialogTitle>
      <DialogContent>
        <DialogContentText>{t('files.clash.text')}</DialogContentText>
        {others > 0 && (
          <FormControlLabel
            sx={{ mt: 1 }}
            control={<Checkbox checked={forAll} onChange={(event) => setForAll(event.target.checked)} />}
            label={t('files.clash.applyToAll')}
          />
        )}
      </DialogContent>
      <DialogActions
        disableSpacing
        sx={{ flexDirection: 'column', alignItems: 'stretch', gap: 1, px: 3, pb: 3 }}
      >
        {choice('keepBoth', t('files.clash.keepBothHint', { name: numberedName(name) }))}
        {choice('replace', t('files.clash.replaceHint'))}
        {choice('skip')}
      </DialogActions>
    </Dialog>
  );
}
