import SearchRounded from '@mui/icons-material/SearchRounded';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import { alpha } from '@mui/material/styles';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

const loadDialog = () => import('./search-palette-dialog.tsx');
const SearchPaletteDialog = lazy(() =>
  loadDialog().then((module) => ({ default: module.SearchPaletteDialog })),
);

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/**
 * The header's "Search" button and the command palette it opens (also Ctrl+K / ⌘+K): a text field listing
 * every page the user may open, filtered as they type; Enter or a click opens the page. The palette's code
 * loads when the button is hovered, focused or first used, and stays mounted after.
 */
export function SearchPalette() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  if (open && !used) setUsed(true);
  const preload = () => void loadDialog();

  useEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        setOpen((value) => !value);
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <>
      <ButtonBase
        aria-label={t('header.search')}
        aria-keyshortcuts="Control+K Meta+K"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        onPointerEnter={preload}
        onFocus={preload}
        sx={(theme) => ({
          height: 40,
          minWidth: 40,
          borderRadius: 1.5,
          px: { xs: 1, sm: 1.25 },
          gap: 1,
          color: 'text.secondary',
          bgcolor: { sm: alpha(theme.palette.grey[500], 0.08) },
          '&:hover': { bgcolor: alpha(theme.palette.grey[500], 0.16) },
        })}
      >
        <SearchRounded />
        {/* The shortcut hint is drawn by CSS so that the button's visible text matches its name ("Search"). */}
        <Box
          component="kbd"
          aria-hidden="true"
          data-shortcut={isMac ? '⌘K' : 'Ctrl K'}
          sx={(theme) => ({
            display: { xs: 'none', sm: 'inline-flex' },
            px: 0.75,
            py: 0.25,
            borderRadius: 0.75,
            typography: 'caption',
            fontWeight: 700,
            fontFamily: 'inherit',
            color: 'text.secondary',
            bgcolor: theme.palette.background.paper,
            boxShadow: `inset 0 0 0 1px ${theme.palette.divider}`,
            '&::after': { content: 'attr(data-shortcut)' },
          })}
        />
      </ButtonBase>
      {used && (
        <Suspense fallback={null}>
          <SearchPaletteDialog open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
