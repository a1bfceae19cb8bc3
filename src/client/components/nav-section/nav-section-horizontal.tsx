import ExpandMore from '@mui/icons-material/ExpandMore';
import ButtonBase from '@mui/material/ButtonBase';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import Popover from '@mui/material/Popover';
import { alpha, type Theme } from '@mui/material/styles';
import Tooltip from '@mui/material/Tooltip';
import { Fragment, useId, useState } from 'react';
import { useLocation } from 'react-router';

import { layoutConfig } from '../../layouts/config-layout.ts';
import { ExternalHint, NavItemAnchor, NavItemExtras } from './nav-item-parts.tsx';
import { NavList } from './nav-section.tsx';
import { hasActiveChild, isActivePath, type NavGroup, type NavItem } from './types.ts';

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
  const { pathname } = useLocation();
  // The sub-menu is open for the path it was opened on: following one of its links closes it.
  const [menu, setMenu] = useState<{ anchor: HTMLElement; path: string } | null>(null);
  const anchor = menu?.path === pathname ? menu.anchor : null;
  const setAnchor = (element: HTMLElement | null) =>
    setMenu(element ? { anchor: element, path: pathname } : null);
  const menuId = useId();
  const hasChildren = Boolean(item.children?.length);
  const active = hasChildren ? hasActiveChild(item, pathname) : isActivePath(item.path, pathname, false);

  const sx = [
    barItemSx,
    active && {
      color: 'primary.main',
      fontWeight: 600,
      bgcolor: (theme: Theme) => alpha(theme.palette.primary.main, 0.08),
      '&:hover': { bgcolor: (theme: Theme) => alpha(theme.palette.primary.main, 0.16) },
    },
  ];
  const content = (
    <>
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
      {hasChildren && <ExpandMore sx={{ fontSize: 16 }} aria-hidden="true" />}
    </>
  );

  let button;
  if (hasChildren) {
    button = (
      <ButtonBase
        aria-haspopup="true"
        aria-expanded={anchor ? 'true' : 'false'}
        aria-controls={anchor ? menuId : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={sx}
      >
        {content}
      </ButtonBase>
    );
  } else if (item.disabled) {
    button = (
      <ButtonBase disabled aria-disabled="true" sx={sx}>
        {content}
      </ButtonBase>
    );
  } else {
    button = (
      <ButtonBase component={NavItemAnchor} to={item.path} aria-current={active ? 'page' : undefined} sx={sx}>
        {content}
      </ButtonBase>
    );
  }

  return (
    <li style={{ display: 'flex' }}>
      <Tooltip title={item.caption ?? ''} disableHoverListener={!item.caption}>
        {button}
      </Tooltip>
      {hasChildren && (
        <Popover
          id={menuId}
          open={Boolean(anchor)}
          anchorEl={anchor}
          onClose={() => setAnchor(null)}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
          transformOrigin={{ vertical: 'top', horizontal: 'left' }}
          slotProps={{ paper: { sx: { p: 1, minWidth: 220, mt: 0.5 } } }}
        >
          <List disablePadding aria-label={item.title}>
            {item.children?.map((child) => (
              <NavList key={child.path} item={child} depth={1} />
            ))}
          </List>
        </Popover>
      )}
    </li>
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
