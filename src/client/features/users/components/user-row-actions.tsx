import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import BlockOutlined from '@mui/icons-material/BlockOutlined';
import MoreVert from '@mui/icons-material/MoreVert';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import type { User } from '#shared/contract/account.ts';

import { useSnackbar } from '../../../components/snackbar/use-snackbar.ts';
import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { useUpdateUser } from '../api/users-api.ts';

type UserRowActionsProps = {
  user: User;
  /** The signed-in admin's own row cannot be deleted from here. */
  canDelete: boolean;
  onDelete: (user: User) => void;
};

/**
 * The "⋮" menu of a row: Approve and Reject for an account waiting for approval (sign-up policy `approval`,
 * ADR 034), Edit (the user's edit page) and Delete (asks first).
 */
export function UserRowActions({ user, canDelete, onDelete }: UserRowActionsProps) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const update = useUpdateUser();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();

  const decide = (status: 'active' | 'rejected') => {
    setAnchor(null);
    update.mutate(
      { ref: user.id, input: { status, version: user.version } },
      {
        onSuccess: () =>
          enqueueSnackbar(
            t(status === 'active' ? 'users.list.approved' : 'users.list.rejected', {
              name: user.displayName,
            }),
            { variant: 'success' },
          ),
        onError: (error) => enqueueSnackbar(errorMessage(error, t), { variant: 'error' }),
      },
    );
  };
  return (
    <>
      <IconButton
        aria-label={t('users.list.rowActions', { name: user.displayName })}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => {
          event.stopPropagation();
          setAnchor(event.currentTarget);
        }}
      >
        <MoreVert />
      </IconButton>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        {user.status === 'pending' && [
          <MenuItem key="approve" onClick={() => decide('active')} sx={{ color: 'success.main' }}>
            <ListItemIcon sx={{ color: 'inherit' }}>
              <CheckCircleOutlined fontSize="small" />
            </ListItemIcon>
            {t('users.list.approve')}
          </MenuItem>,
          <MenuItem key="reject" onClick={() => decide('rejected')} sx={{ color: 'warning.main' }}>
            <ListItemIcon sx={{ color: 'inherit' }}>
              <BlockOutlined fontSize="small" />
            </ListItemIcon>
            {t('users.list.reject')}
          </MenuItem>,
        ]}
        <MenuItem component={RouterLink} to={paths.dashboard.user.edit(user.slug)}>
          <ListItemIcon>
            <EditOutlined fontSize="small" />
          </ListItemIcon>
          {t('users.list.edit')}
        </MenuItem>
        <MenuItem
          disabled={!canDelete}
          onClick={() => {
            setAnchor(null);
            onDelete(user);
          }}
          sx={{ color: 'error.main' }}
        >
          <ListItemIcon sx={{ color: 'inherit' }}>
            <DeleteOutlined fontSize="small" />
          </ListItemIcon>
          {t('users.list.delete')}
        </MenuItem>
      </Menu>
    </>
  );
}
