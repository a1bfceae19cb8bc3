import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';

import { Logo } from '../../components/logo/logo.tsx';
import { NavSection } from '../../components/nav-section/nav-section.tsx';
import type { NavGroup } from '../../components/nav-section/types.ts';

/** Logo and navigation sections, shared by the permanent (≥1200 px) and the temporary drawer. */
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
      <Box sx={{ flexGrow: 1, overflowY: 'auto' }}>
        <NavSection data={data} />
      </Box>
    </Box>
  );
}
