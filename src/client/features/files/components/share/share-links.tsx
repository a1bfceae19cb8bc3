import ContentCopy from '@mui/icons-material/ContentCopy';
import EditOutlined from '@mui/icons-material/EditOutlined';
import LinkOff from '@mui/icons-material/LinkOff';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { FileLink } from '#shared/contract/files.ts';

import { ConfirmDialog } from '../../../../components/confirm-dialog/confirm-dialog.tsx';
import { useSnackbar } from '../../../../components/snackbar/use-snackbar.ts';
import { errorMessage } from '../../../../lib/error-message.ts';
import { fDate } from '../../../../lib/format.ts';
import { shareLinkUrl, useItemLinks, useLinkActions, type FileRef } from '../../api/sharing-api.ts';
import { EditLinkDialog } from './edit-link-dialog.tsx';
import { endOfDay, LinkConditionsFields, linkConditions, linkProblems } from './link-conditions.tsx';

/** Copies a link's address and says so. */
export function useCopyLink() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  /** `created`: a new link, copied at once when the browser lets it (otherwise it is only listed). */
  return async (link: FileLink, { created = false } = {}) => {
    try {
      await navigator.clipboard.writeText(shareLinkUrl(link.token));
      enqueueSnackbar(t(created ? 'files.share.links.createdCopied' : 'files.share.links.copied'), {
        variant: 'success',
      });
    } catch {
      if (created) enqueueSnackbar(t('files.share.links.created'), { variant: 'success' });
      else enqueueSnackbar(t('files.share.links.copyFailed'), { variant: 'error' });
    }
  };
}

/** A link's conditions as chips: expiry, password, download only. */
export function LinkChips({ link }: { link: FileLink }) {
  const { t } = useTranslation();
  const { expired } = link;
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
      <Chip
        size="small"
        variant="outlined"
        color={expired ? 'error' : 'default'}
        label={
          link.expiresAt === null
            ? t('files.share.links.noExpiry')
            : expired
              ? t('files.share.links.expired', { date: fDate(link.expiresAt) })
              : t('files.share.links.expires', { date: fDate(link.expiresAt) })
        }
      />
      {link.hasPassword && (
        <Chip size="small" variant="outlined" label={t('files.share.links.withPassword')} />
      )}
      {link.downloadOnly && (
        <Chip size="small" variant="outlined" label={t('files.share.links.downloadOnly')} />
      )}
    </Stack>
  );
}

/**
 * Links anyone can open: make one (optional expiry, optional password, download only), then each link
 * with its address to copy and a revoke button.
 */
export function ShareLinks({ item }: { item: FileRef }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const links = useItemLinks(item.id);
  const actions = useLinkActions();
  const copy = useCopyLink();
  const [conditions, setConditions] = useState(() => linkConditions());
  const [revoking, setRevoking] = useState<FileLink | null>(null);
  const [editing, setEditing] = useState<FileLink | null>(null);

  const { invalid } = linkProblems(conditions);
  const { expires, expiryDate, protect, password, downloadOnly } = conditions;

  const create = () =>
    actions.create.mutate(
      {
        itemId: item.id,
        expiresAt: expires ? endOfDay(expiryDate) : null,
        password: protect ? password : null,
        downloadOnly,
      },
      {
        onSuccess: ({ link }) => {
          setConditions((current) => ({ ...current, password: '' }));
          void copy(link, { created: true });
        },
        onError: (error) => enqueueSnackbar(errorMessage(error, t), { variant: 'error' }),
      },
    );

  const revoke = () => {
    if (!revoking) return;
    actions.revoke.mutate(revoking.id, {
      onSuccess: () => {
        enqueueSnackbar(t('files.share.links.revoked'));
        setRevoking(null);
      },
      onError: (error) => enqueueSnackbar(errorMessage(error, t), { variant: 'error' }),
    });
  };

  return (
    <Stack spacing={2}>
      <Box
        component="form"
        aria-label={t('files.share.links.newLink')}
        onSubmit={(event) => {
          event.preventDefault();
          if (!invalid) create();
        }}
      >
        <Stack spacing={1}>
          <LinkConditionsFields value={conditions} onChange={setConditions} />
          <Box>
            <Button type="submit" variant="contained" disabled={invalid} loading={actions.create.isPending}>
              {t('files.share.links.create')}
            </Button>
          </Box>
        </Stack>
      </Box>

      <Box>
        <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
          {t('files.share.links.existing')}
        </Typography>
        {links.isPending ? (
          <Skeleton variant="rounded" height={56} />
        ) : links.isError ? (
          <Alert severity="error">{errorMessage(links.error, t)}</Alert>
        ) : links.data.length === 0 ? (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('files.share.links.none')}
          </Typography>
        ) : (
          <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {links.data.map((link) => (
              <Stack
                component="li"
                key={link.id}
                direction="row"
                spacing={1}
                sx={{ alignItems: 'center', p: 1, borderRadius: 1, border: 1, borderColor: 'divider' }}
              >
                <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                  <Typography variant="body2" noWrap dir="ltr" sx={{ textAlign: 'start' }}>
                    {shareLinkUrl(link.token)}
                  </Typography>
                  <LinkChips link={link} />
                </Box>
                <Tooltip title={t('files.share.links.copy')}>
                  <IconButton aria-label={t('files.share.links.copy')} onClick={() => void copy(link)}>
                    <ContentCopy />
                  </IconButton>
                </Tooltip>
                <Tooltip title={t('files.share.links.edit')}>
                  <IconButton aria-label={t('files.share.links.edit')} onClick={() => setEditing(link)}>
                    <EditOutlined />
                  </IconButton>
                </Tooltip>
                <Tooltip title={t('files.share.links.revoke')}>
                  <IconButton
                    aria-label={t('files.share.links.revoke')}
                    color="error"
                    onClick={() => setRevoking(link)}
                  >
                    <LinkOff />
                  </IconButton>
                </Tooltip>
              </Stack>
            ))}
          </Stack>
        )}
      </Box>

      <ConfirmDialog
        open={revoking !== null}
        title={t('files.share.links.revokeTitle')}
        content={t('files.share.links.revokeText')}
        action={t('files.share.links.revoke')}
        loading={actions.revoke.isPending}
        onConfirm={revoke}
        onClose={() => setRevoking(null)}
      />
      {editing && <EditLinkDialog link={editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
}
