import Box from '@mui/material/Box';
import { alpha } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';

import { LazyNavSectionHorizontal } from '../../components/nav-section/lazy-nav-sections.tsx';
import type { NavGroup } from '../../components/nav-section/types.ts';
import { isMobileUserAgent } from '../../components/scrollbar/scrollbar.tsx';
import { layoutConfig } from '../../config/layout.ts';

/** Height of the horizontal navigation bar: a 32 px row plus its padding. */
export const HORIZONTAL_NAV_HEIGHT = layoutConfig.nav.horizontalItemHeight + 16;

/** The horizontal navigation bar under the header (≥1200 px); scrolls sideways when the items overflow. */
export function NavHorizontal({ data, top }: { data: NavGroup[]; top: number }) {
  const { t } = useTranslation();
  return (
    <Box
      component="nav"
      aria-label={t('nav.label')}
      data-layout="horizontal"
      sx={(theme) => ({
        position: 'fixed',
        top,
        left: 0,
        width: 1,
        height: HORIZONTAL_NAV_HEIGHT,
        zIndex: theme.zIndex.appBar - 1,
        display: 'flex',
        alignItems: 'center',
        overflowX: 'auto',
        overflowY: 'hidden',
        backdropFilter: `blur(${layoutConfig.blur}px)`,
        bgcolor: alpha(theme.palette.background.default, layoutConfig.blurOpacity),
        borderBottom: `1px dashed ${theme.palette.divider}`,
        ...(!isMobileUserAgent && { scrollbarWidth: 'thin' }),
      })}
    >
      <LazyNavSectionHorizontal data={data} />
    </Box>
  );
}
