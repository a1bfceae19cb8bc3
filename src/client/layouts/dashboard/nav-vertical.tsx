import ChevronLeft from '@mui/icons-material/ChevronLeft';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { useTranslation } from 'react-i18next';

import { Logo } from '../../components/logo/logo.tsx';
import {
  LazyNavSectionMini,
  preloadNavSectionMini,
} from '../../components/nav-section/lazy-nav-sections.tsx';
import { NavSection } from '../../components/nav-section/nav-section.tsx';
import type { NavGroup } from '../../components/nav-section/types.ts';
import { Scrollbar } from '../../components/scrollbar/scrollbar.tsx';
import { useSettingsActions } from '../../lib/settings/use-settings.ts';
import { layoutConfig } from '../../config/layout.ts';

type NavVerticalProps = { data: NavGroup[]; mini: boolean };

/**
 * The desktop navigation (≥1200 px), fixed at the inline start: vertical (280 px) or mini (88 px). The round
 * button on its edge toggles between the two (spec §4 layout toggle).
 */
export function NavVertical({ data, mini }: NavVerticalProps) {
  const { t } = useTranslation();
  const { toggleLayout } = useSettingsActions();
  const width = mini ? layoutConfig.nav.miniWidth : layoutConfig.nav.verticalWidth;

  return (
    <Box
      component="nav"
      aria-label={t('nav.label')}
      data-layout={mini ? 'mini' : 'vertical'}
      sx={{
        position: 'fixed',
        top: 0,
        left: 0,
        width,
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        bgcolor: 'background.default',
        borderRight: (theme) => `1px dashed ${theme.palette.divider}`,
        zIndex: (theme) => theme.zIndex.appBar + 1,
        transition: (theme) =>
          theme.transitions.create('width', { duration: theme.transitions.duration.shorter }),
      }}
    >
      <IconButton
        size="small"
        onClick={toggleLayout}
        onPointerEnter={() => void preloadNavSectionMini()}
        onFocus={() => void preloadNavSectionMini()}
        aria-label={mini ? t('header.expandNav') : t('header.collapseNav')}
        aria-expanded={!mini}
        sx={{
          position: 'absolute',
          top: 30,
          right: -13,
          width: 26,
          height: 26,
          p: 0,
          border: (theme) => `1px solid ${theme.palette.divider}`,
          bgcolor: 'background.default',
          color: 'text.secondary',
          '&:hover': { bgcolor: 'background.paper', color: 'text.primary' },
        }}
      >
        <ChevronLeft
          sx={[
            { fontSize: 18, transition: (theme) => theme.transitions.create('transform') },
            (theme) => {
              const flip = (theme.direction === 'rtl') !== mini;
              return flip ? { transform: 'scaleX(-1)' } : {};
            },
          ]}
        />
      </IconButton>
      <Box sx={{ pt: 3, pb: 1, ...(mini ? { display: 'flex', justifyContent: 'center' } : { px: 3.5 }) }}>
        <Logo showText={!mini} />
      </Box>
      <Scrollbar>{mini ? <LazyNavSectionMini data={data} /> : <NavSection data={data} />}</Scrollbar>
    </Box>
  );
}
