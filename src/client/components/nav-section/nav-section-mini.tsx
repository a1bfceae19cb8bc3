import ChevronRight from '@mui/icons-material/ChevronRight';
import List from '@mui/material/List';
import Typography from '@mui/material/Typography';

import { ExternalHint } from './nav-item-parts.tsx';
import { NavMenuItem } from './nav-menu-item.tsx';
import { flipInRtl } from './nav-section.tsx';
import type { NavGroup, NavItem } from './types.ts';

const miniItemSx = {
  width: 1,
  minHeight: 56,
  px: 0.5,
  py: 1,
  mb: 0.5,
  borderRadius: 1,
  flexDirection: 'column',
  gap: 0.5,
  position: 'relative',
  color: 'text.secondary',
  '& .mini-icon svg': { fontSize: 22, display: 'block' },
  '&:hover': { bgcolor: 'action.hover' },
  '&.Mui-disabled': { opacity: 0.64 },
};

function MiniLabel({ item }: { item: NavItem }) {
  return (
    <Typography
      component="span"
      sx={{
        fontSize: 10,
        lineHeight: '16px',
        fontWeight: 600,
        textAlign: 'center',
        width: 1,
        overflow: 'hidden',
        textOverflow: 'ellipsis',
        whiteSpace: 'nowrap',
      }}
    >
      {item.title}
      <ExternalHint path={item.path} />
    </Typography>
  );
}

function MiniItem({ item }: { item: NavItem }) {
  return (
    <NavMenuItem
      item={item}
      sx={miniItemSx}
      expandIcon={
        <ChevronRight
          sx={[{ position: 'absolute', top: 10, right: 4, fontSize: 14 }, flipInRtl]}
          aria-hidden="true"
        />
      }
      tooltipPlacement="right"
      menuAnchorOrigin={{ vertical: 'top', horizontal: 'right' }}
      menuPaperSx={{ p: 1, minWidth: 200, ml: 0.5 }}
    >
      {item.icon && (
        <span className="mini-icon" aria-hidden="true">
          {item.icon}
        </span>
      )}
      <MiniLabel item={item} />
    </NavMenuItem>
  );
}

/** Mini navigation (88 px): icons with their labels below; a parent opens its items in a menu. */
export function NavSectionMini({ data }: { data: NavGroup[] }) {
  return (
    <List disablePadding sx={{ px: 0.5, pb: 2 }}>
      {data
        .flatMap((group) => group.items)
        .map((item) => (
          <MiniItem key={item.path} item={item} />
        ))}
    </List>
  );
}
