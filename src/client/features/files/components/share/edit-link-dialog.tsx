import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { FileLink } from '#shared/contract/files.ts';

import { useSnackbar } from '../../../../components/snackbar/use-snackbar.ts';
import { errorMessage } from '../../../../lib/error-message.ts';
import { useLinkActions } from '../../api/sharing-api.ts';
import { LinkConditionsFields, linkChanges, linkConditions, linkProblems } from './link-conditions.tsx';

/**
 * Changes a link's conditions (its owner, or an administrator): the expiry (a new day, or none), the
 * password (a new one, or none; left empty it is kept) and download-only. Only what changed is sent.
 */
export function EditLinkDialog({ link, onClose }: { link: FileLink; onClose: () => void }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const titleId = useId();
  const { update } = useLinkActions();
  const [initial] = useState(() => linkConditions(link));
  const [value, setValue] = useState(initial);
  const { invalid } = linkProblems(value, { hasPassword: link.hasPassword, initial });
  const changes = linkChanges(value, initial);
  const changed = Object.keys(changes).length > 0;

  const save = () =>
    update.mutate(
      { linkId: link.id, ...changes },
      {
        onSuccess: () => {
          enqueueSnackbar(t('files.share.links.updated'), { variant: 'success' });
          onClose();
        },
        onError: (error) => enqueueSnackbar(errorMessage(error, t), { variant: 'error' }),
      },
    );

  return (
    <Dialog
      open
      onClose={update.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!invalid && changed) save();
        }}
      >
        <DialogTitle id={titleId}>{t('files.share.links.editTitle', { name: link.item.name })}</DialogTitle>
        <DialogContent>
          <LinkConditionsFields
            value={value}
            onChange={setValue}
            hasPassword={link.hasPassword}
            initial={initial}
          />
        </DialogContent>
        <DialogActions>
          <Button variant="outlined" color="inherit" onClick={onClose} disabled={update.isPending}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={invalid || !changed} loading={update.isPending}>
            {t('files.share.links.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
