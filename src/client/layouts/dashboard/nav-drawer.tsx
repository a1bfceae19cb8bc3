import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';

import type { NavGroup } from '../../components/nav-section/types.ts';
import { layoutConfig } from '../../config/layout.ts';
import { NavContent } from './nav-content.tsx';

type NavDrawerProps = {
  id: string;
  open: boolean;
  onClose: () => void;
  data: NavGroup[];
};

/**
 * The navigation below 1200 px: a drawer opened from the header's menu button. Its own chunk (the Drawer
 * brings MUI's Modal): the layout loads it when the button is hovered, focused or first pressed.
 */
export function NavDrawer({ id, open, onClose, data }: NavDrawerProps) {
  return (
    <Drawer
      id={id}
      open={open}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: layoutConfig.nav.verticalWidth } } }}
    >
      {/* Following a link closes the drawer, a link to the current page too. */}
      <Box
        sx={{ height: 1 }}
        onClick={(event) => {
          const link = (event.target as Element).closest('a');
          if (link && !link.getAttribute('href')?.startsWith('#')) onClose();
        }}
      >
        <NavContent data={data} />
      </Box>
    </Drawer>
  );
}
