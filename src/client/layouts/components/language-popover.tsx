import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { changeLanguage } from '../../locales/i18n.ts';
import { getLanguage, languages, type Language } from '../../locales/locales-config.ts';

export function FlagIcon({ language, size = 26 }: { language: Language; size?: number }) {
  return (
    <Box
      component="img"
      src={language.flag}
      alt=""
      width={size}
      height={Math.round((size * 3) / 4)}
      sx={{ borderRadius: 0.5, objectFit: 'cover', display: 'block', flexShrink: 0 }}
    />
  );
}

/** The "Language" button (the current flag) and its menu of the five languages (spec §3). */
export function LanguagePopover() {
  const { t, i18n } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const current = getLanguage(i18n.resolvedLanguage);

  const choose = (language: Language) => {
    setAnchor(null);
    void changeLanguage(language.value);
  };

  return (
    <>
      <IconButton
        aria-label={t('header.language')}
        aria-haspopup="true"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? menuId : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ width: 40, height: 40 }}
      >
        <FlagIcon language={current} />
      </IconButton>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { minWidth: 200, mt: 0.5 } } }}
      >
        {languages.map((language) => (
          <MenuItem
            key={language.value}
            selected={language.value === current.value}
            aria-current={language.value === current.value ? 'true' : undefined}
            onClick={() => choose(language)}
            sx={{ gap: 2, borderRadius: 0.75, mx: 0.5 }}
          >
            <ListItemIcon sx={{ minWidth: 0 }}>
              <FlagIcon language={language} />
            </ListItemIcon>
            <ListItemText primary={language.label} />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
