import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';

import { languages, type Language } from '../../locales/locales-config.ts';
import { FlagIcon } from './flag-icon.tsx';

type LanguageMenuProps = {
  id: string;
  anchor: HTMLElement | null;
  current: Language;
  onChoose: (language: Language) => void;
  onClose: () => void;
};

/** The menu of the five languages (loaded when the language button is first used). */
export function LanguageMenu({ id, anchor, current, onChoose, onClose }: LanguageMenuProps) {
  return (
    <Menu
      id={id}
      anchorEl={anchor}
      open={Boolean(anchor)}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{ paper: { sx: { minWidth: 200, mt: 0.5 } } }}
    >
      {languages.map((language) => (
        <MenuItem
          key={language.value}
          selected={language.value === current.value}
          aria-current={language.value === current.value ? 'true' : undefined}
          onClick={() => onChoose(language)}
          sx={{ gap: 2, borderRadius: 0.75, mx: 0.5 }}
        >
          <ListItemIcon sx={{ minWidth: 0 }}>
            <FlagIcon language={language} />
          </ListItemIcon>
          <ListItemText primary={language.label} />
        </MenuItem>
      ))}
    </Menu>
  );
}
