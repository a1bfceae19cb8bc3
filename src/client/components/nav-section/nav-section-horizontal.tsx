import ExpandMore from '@mui/icons-material/ExpandMore';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import { Fragment } from 'react';

import { layoutConfig } from '../../config/layout.ts';
import { ExternalHint, NavItemExtras } from './nav-item-parts.tsx';
import { NavMenuItem } from './nav-menu-item.tsx';
import type { NavGroup, NavItem } from './types.ts';

const barItemSx = {
  height: layoutConfig.nav.horizontalItemHeight,
  px: 1,
  gap: 1,
  flexShrink: 0,
  borderRadius: 0.75,
  typography: 'body2',
  fontWeight: 500,
  whiteSpace: 'nowrap',
  color: 'text.secondary',
  '& .bar-icon svg': { fontSize: layoutConfig.nav.horizontalIconSize, display: 'block' },
  '&:hover': { bgcolor: 'action.hover' },
  '&.Mui-disabled': { opacity: 0.64 },
};

function BarItem({ item }: { item: NavItem }) {
  return (
    <NavMenuItem
      item={item}
      sx={barItemSx}
      activeSx={{ fontWeight: 600 }}
      expandIcon={<ExpandMore sx={{ fontSize: 16 }} aria-hidden="true" />}
      menuAnchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      menuPaperSx={{ p: 1, minWidth: 220, mt: 0.5 }}
      style={{ display: 'flex' }}
    >
      {item.icon && (
        <span className="bar-icon" aria-hidden="true">
          {item.icon}
        </span>
      )}
      <span>
        {item.title}
        <ExternalHint path={item.path} />
      </span>
      <NavItemExtras item={item} />
    </NavMenuItem>
  );
}

/** Horizontal navigation: one row of 32 px items; a parent opens its items in a menu. */
export function NavSectionHorizontal({ data }: { data: NavGroup[] }) {
  return (
    <List
      disablePadding
      sx={{ display: 'flex', alignItems: 'center', gap: 0.5, px: { lg: 2.5 }, py: 1, width: 'max-content' }}
    >
      {data.map((group, index) => (
        <Fragment key={group.subheader ?? index}>
          {index > 0 && (
            <Divider
              component="li"
              orientation="vertical"
              flexItem
              sx={{ mx: 1, my: 0.5 }}
              aria-hidden="true"
            />
          )}
          {group.items.map((item) => (
            <BarItem key={item.path} item={item} />
          ))}
        </Fragment>
      ))}
    </List>
  );
}
