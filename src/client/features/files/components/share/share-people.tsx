import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import {
  PeoplePicker,
  personAvatarSx,
  type Person,
} from '../../../../components/people-picker/people-picker.tsx';
import { useSnackbar } from '../../../../components/snackbar/use-snackbar.ts';
import { useAuth } from '../../../../lib/auth/use-auth.ts';
import { errorMessage } from '../../../../lib/error-message.ts';
import type { FileShare, ShareRole } from '#shared/contract/files.ts';

import { useShareActions, useShares, type FileRef } from '../../api/sharing-api.ts';

/** Can view / can edit: a select (the grant list's and the add row's). */
function ShareRoleSelect({
  value,
  onChange,
  label,
  disabled,
}: {
  value: ShareRole;
  onChange: (access: ShareRole) => void;
  label: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      select
      size="small"
      value={value}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value as ShareRole)}
      slotProps={{ select: { SelectDisplayProps: { 'aria-label': label } } }}
      sx={{ minWidth: 130 }}
    >
      <MenuItem value="view">{t('files.canView')}</MenuItem>
      <MenuItem value="edit">{t('files.canEdit')}</MenuItem>
    </TextField>
  );
}

/**
 * Sharing with people of the workspace: pick people and an access, then the list of who has it, where
 * each grant's access can change or the grant go. With several items (bulk share) only the add row shows:
 * the people are added to each.
 */
export function SharePeople({ items }: { items: FileRef[] }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const me = useAuth((state) => state.user?.id);
  const single = items.length === 1 ? items[0]! : null;
  const shares = useShares(single?.id ?? null);
  const actions = useShareActions();
  const [people, setPeople] = useState<Person[]>([]);
  const [role, setRole] = useState<ShareRole>('view');

  const fail = (error: unknown) => enqueueSnackbar(errorMessage(error, t), { variant: 'error' });

  const add = () =>
    actions.set.mutate(
      { itemIds: items.map((item) => item.id), userIds: people.map((person) => person.id), role },
      {
        onSuccess: () => {
          enqueueSnackbar(t('files.share.people.added', { count: people.length }), { variant: 'success' });
          setPeople([]);
        },
        onError: fail,
      },
    );

  const change = (share: FileShare, next: ShareRole) =>
    actions.set.mutate(
      { itemIds: [single!.id], userIds: [share.user.id], role: next },
      {
        onSuccess: () => enqueueSnackbar(t('files.share.people.changed', { name: share.user.name })),
        onError: fail,
      },
    );

  const remove = (share: FileShare) =>
    actions.remove.mutate(
      { itemId: single!.id, userId: share.user.id },
      {
        onSuccess: () => enqueueSnackbar(t('files.share.people.removed', { name: share.user.name })),
        onError: fail,
      },
    );

  const exclude = [...(me ? [me] : []), ...(shares.data ?? []).map((share) => share.user.id)];

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <PeoplePicker
            label={t('files.share.people.pick')}
            placeholder={t('files.share.people.pickPlaceholder')}
            value={people}
            onChange={setPeople}
            excludeIds={exclude}
          />
        </Box>
        <ShareRoleSelect value={role} onChange={setRole} label={t('files.share.people.accessToGive')} />
        <Button
          variant="contained"
          onClick={add}
          disabled={people.length === 0}
          loading={actions.set.isPending && people.length > 0}
          sx={{ alignSelf: { xs: 'flex-end', sm: 'center' } }}
        >
          {t('files.share.people.add')}
        </Button>
      </Stack>

      {single && (
        <Box>
          <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
            {t('files.share.people.withAccess')}
          </Typography>
          {shares.isPending ? (
            <Skeleton variant="rounded" height={48} />
          ) : shares.isError ? (
            <Alert severity="error">{errorMessage(shares.error, t)}</Alert>
          ) : shares.data.length === 0 ? (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('files.share.people.none')}
            </Typography>
          ) : (
            <List dense disablePadding aria-label={t('files.share.people.withAccess')}>
              {shares.data.map((share) => (
                <ListItem
                  key={share.user.id}
                  disableGutters
                  secondaryAction={
                    share.inheritedFrom ? undefined : (
                      <Tooltip title={t('files.share.people.remove', { name: share.user.name })}>
                        <IconButton
                          edge="end"
                          aria-label={t('files.share.people.remove', { name: share.user.name })}
                          onClick={() => remove(share)}
                          disabled={actions.remove.isPending}
                        >
                          <DeleteOutlined />
                        </IconButton>
                      </Tooltip>
                    )
                  }
                  sx={{ pr: 6, gap: 1, flexWrap: 'wrap' }}
                >
                  <ListItemAvatar sx={{ minWidth: 44 }}>
                    <Avatar alt="" src={share.user.avatarUrl ?? undefined} sx={personAvatarSx}>
                      {share.user.name.charAt(0)}
                    </Avatar>
                  </ListItemAvatar>
                  <ListItemText
                    primary={share.user.name}
                    secondary={
                      share.inheritedFrom
                        ? t('files.share.people.inherited', { name: share.inheritedFrom.name })
                        : undefined
                    }
                    sx={{ flex: '1 1 140px', minWidth: 0 }}
                  />
                  {share.inheritedFrom ? (
                    <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                      {share.role === 'edit' ? t('files.canEdit') : t('files.canView')}
                    </Typography>
                  ) : (
                    <ShareRoleSelect
                      value={share.role}
                      onChange={(next) => change(share, next)}
                      label={t('files.share.people.accessOf', { name: share.user.name })}
                      disabled={actions.set.isPending}
                    />
                  )}
                </ListItem>
              ))}
            </List>
          )}
        </Box>
      )}
    </Stack>
  );
}
