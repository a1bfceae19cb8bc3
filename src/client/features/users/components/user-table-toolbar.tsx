import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';

import type { Role } from '#shared/contract/account.ts';
import { roles, SEARCH_MAX } from '#shared/contract/user-enums.ts';

type UserTableToolbarProps = {
  search: string;
  onSearchChange: (value: string) => void;
  role: Role | '';
  onRoleChange: (value: Role | '') => void;
  onExport: () => void;
  exporting: boolean;
};

/** The list's filters (role, search: both answered by the server) and the CSV export. */
export function UserTableToolbar({
  search,
  onSearchChange,
  role,
  onRoleChange,
  onExport,
  exporting,
}: UserTableToolbarProps) {
  const { t } = useTranslation();
  return (
    <Box
      sx={{
        p: 2.5,
        gap: 2,
        display: 'flex',
        flexDirection: { xs: 'column', md: 'row' },
        alignItems: { xs: 'stretch', md: 'center' },
      }}
    >
      <TextField
        select
        label={t('users.list.roleFilter')}
        value={role}
        onChange={(event) => onRoleChange(event.target.value as Role | '')}
        sx={{ minWidth: { md: 200 } }}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        <MenuItem value="">{t('users.list.allRoles')}</MenuItem>
        {roles.map((value) => (
          <MenuItem key={value} value={value}>
            {t(`roles.${value}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        type="search"
        label={t('users.list.search')}
        placeholder={t('users.list.searchPlaceholder')}
        value={search}
        onChange={(event) => onSearchChange(event.target.value)}
        sx={{ flexGrow: 1 }}
        slotProps={{
          htmlInput: { maxLength: SEARCH_MAX },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchOutlined sx={{ color: 'text.disabled' }} />
              </InputAdornment>
            ),
          },
        }}
      />
      <Button
        variant="outlined"
        color="inherit"
        size="large"
        startIcon={<FileDownloadOutlined />}
        onClick={onExport}
        loading={exporting}
        sx={{ flexShrink: 0 }}
      >
        {t('users.list.exportCsv')}
      </Button>
    </Box>
  );
}
