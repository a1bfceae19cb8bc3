import Box from '@mui/material/Box';

import type { Language } from '../../locales/locales-config.ts';

/** A language's flag (decorative: the button or menu item names the language). */
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
