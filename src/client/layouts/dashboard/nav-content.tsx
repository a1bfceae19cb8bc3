import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';

import { Logo } from '../../components/logo/logo.tsx';
import { NavSection } from '../../components/nav-section/nav-section.tsx';
import type { NavGroup } from '../../components/nav-section/types.ts';
import { Scrollbar } from '../../components/scrollbar/scrollbar.tsx';

/** Logo and navigation sections in the drawer opened from the header below 1200 px. */
export function NavContent({ data }: { data: NavGroup[] }) {
  const { t } = useTranslation();
  return (
    <Box
      component="nav"
      aria-label={t('nav.label')}
      sx={{ display: 'flex', flexDirection: 'column', height: 1 }}
    >
      <Box sx={{ px: 3.5, pt: 3, pb: 1 }}>
        <Logo />
      </Box>
      <Scrollbar>
        <NavSection data={data} />
      </Scrollbar>
    </Box>
  );
}
