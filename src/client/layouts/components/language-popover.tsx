import IconButton from '@mui/material/IconButton';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { changeLanguage } from '../../locales/i18n.ts';
import { getLanguage, type Language } from '../../locales/locales-config.ts';
import { FlagIcon } from './flag-icon.tsx';

const loadMenu = () => import('./language-menu.tsx');
const LanguageMenu = lazy(() => loadMenu().then((module) => ({ default: module.LanguageMenu })));

/** The "Language" button (the current flag) and its menu of the five languages (spec §3). */
export function LanguagePopover() {
  const { t, i18n } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // The menu's code loads when the button is hovered, focused or first clicked, and stays mounted after.
  const [used, setUsed] = useState(false);
  const menuId = useId();
  const current = getLanguage(i18n.resolvedLanguage);
  const preload = () => void loadMenu();

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
        onClick={(event) => {
          setUsed(true);
          setAnchor(event.currentTarget);
        }}
        onPointerEnter={preload}
        onFocus={preload}
        sx={{ width: 40, height: 40 }}
      >
        <FlagIcon language={current} />
      </IconButton>
      {used && (
        <Suspense fallback={null}>
          <LanguageMenu
            id={menuId}
            anchor={anchor}
            current={current}
            onChoose={choose}
            onClose={() => setAnchor(null)}
          />
        </Suspense>
      )}
    </>
  );
}
