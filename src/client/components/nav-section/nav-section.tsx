import ChevronRight from '@mui/icons-material/ChevronRight';
import ExpandMore from '@mui/icons-material/ExpandMore';
import ButtonBase from '@mui/material/ButtonBase';
import Collapse from '@mui/material/Collapse';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { alpha, type Theme } from '@mui/material/styles';
import { useId, useState } from 'react';
import { useLocation } from 'react-router';

import { layoutConfig } from '../../config/layout.ts';
import { activeItemSx, ExternalHint, NavItemAnchor, NavItemExtras } from './nav-item-parts.tsx';
import { hasActiveChild, isActivePath, type NavGroup, type NavItem } from './types.ts';

export { isActivePath } from './types.ts';

type NavListProps = { item: NavItem; depth: number };

function itemSx(depth: number) {
  const sub = depth > 0;
  return {
    minHeight: sub ? layoutConfig.nav.subItemHeight : layoutConfig.nav.itemHeight,
    borderRadius: 1,
    mb: 0.5,
    pl: sub ? 2 + depth * 1.5 : 1.5,
    pr: 1.5,
    py: sub ? 0.25 : 0.5,
    color: 'text.secondary',
    '& .MuiListItemIcon-root': {
      minWidth: 0,
      mr: 2,
      color: 'inherit',
      '& svg': { fontSize: sub ? layoutConfig.nav.subIconSize : layoutConfig.nav.iconSize },
    },
    '&.Mui-disabled': { opacity: 0.64 },
  };
}

function ItemText({ item, depth, active }: { item: NavItem; depth: number; active: boolean }) {
  const sub = depth > 0;
  return (
    <ListItemText
      primary={
        <>
          {item.title}
          <ExternalHint path={item.path} />
        </>
      }
      secondary={item.caption}
      slotProps={{
        primary: {
          variant: sub ? 'body2' : 'subtitle2',
          component: 'span',
          sx: { fontWeight: active ? 600 : 500, display: 'block' },
        },
        secondary: {
          variant: 'caption',
          component: 'span',
          sx: { color: 'text.secondary', display: 'block' },
        },
      }}
    />
  );
}

/**
 * One item; a parent toggles its sub-list (any depth). A parent opens by itself when the current page moves
 * into it (a link elsewhere on the page, a redirect after saving), so the navigation always shows where one
 * is; leaving it keeps whatever the person chose.
 */
export function NavList({ item, depth }: NavListProps) {
  const { pathname } = useLocation();
  const childActive = hasActiveChild(item, pathname);
  const [open, setOpen] = useState(childActive);
  const [wasActive, setWasActive] = useState(childActive);
  if (childActive !== wasActive) {
    setWasActive(childActive);
    if (childActive) setOpen(true);
  }
  const listId = useId();

  if (item.children?.length) {
    return (
      <li>
        <ListItemButton
          onClick={() => setOpen((value) => !value)}
          aria-expanded={open}
          aria-controls={listId}
          disabled={item.disabled}
          sx={[
            itemSx(depth),
            childActive && {
              color: 'text.primary',
              bgcolor: (theme) => alpha(theme.palette.grey[500], 0.08),
            },
          ]}
        >
          {item.icon && <ListItemIcon>{item.icon}</ListItemIcon>}
          <ItemText item={item} depth={depth} active={childActive} />
          <NavItemExtras item={item} />
          {open ? <ExpandMore fontSize="small" /> : <ChevronRight fontSize="small" sx={flipInRtl} />}
        </ListItemButton>
        <Collapse in={open} unmountOnExit>
          <List id={listId} disablePadding>
            {item.children.map((child) => (
              <NavList key={child.path} item={child} depth={depth + 1} />
            ))}
          </List>
        </Collapse>
      </li>
    );
  }

  const active = isActivePath(item.path, pathname, false);
  if (item.disabled) {
    return (
      <li>
        <ListItemButton disabled aria-disabled="true" sx={itemSx(depth)}>
          {item.icon && <ListItemIcon>{item.icon}</ListItemIcon>}
          <ItemText item={item} depth={depth} active={false} />
          <NavItemExtras item={item} />
        </ListItemButton>
      </li>
    );
  }
  return (
    <li>
      <ListItemButton
        component={NavItemAnchor}
        to={item.path}
        aria-current={active ? 'page' : undefined}
        sx={[itemSx(depth), active && activeItemSx]}
      >
        {item.icon && <ListItemIcon>{item.icon}</ListItemIcon>}
        <ItemText item={item} depth={depth} active={active} />
        <NavItemExtras item={item} />
      </ListItemButton>
    </li>
  );
}

/** Chevrons point the reading direction. */
export const flipInRtl = (theme: Theme) => (theme.direction === 'rtl' ? { transform: 'scaleX(-1)' } : {});

function NavGroupList({ group }: { group: NavGroup }) {
  const [open, setOpen] = useState(true);
  const listId = useId();
  return (
    <li>
      {group.subheader && (
        <ButtonBase
          onClick={() => setOpen((value) => !value)}
          aria-expanded={open}
          aria-controls={listId}
          sx={{
            typography: 'overline',
            color: 'text.secondary',
            width: 1,
            justifyContent: 'flex-start',
            gap: 0.5,
            pt: 2,
            pb: 1,
            px: 1.5,
            borderRadius: 1,
            transition: (theme) => theme.transitions.create('color'),
            '&:hover, &.Mui-focusVisible': { color: 'text.primary' },
          }}
        >
          {group.subheader}
          {open ? <ExpandMore sx={{ fontSize: 16 }} /> : <ChevronRight sx={[{ fontSize: 16 }, flipInRtl]} />}
        </ButtonBase>
      )}
      <Collapse in={open}>
        <List id={listId} disablePadding>
          {group.items.map((item) => (
            <NavList key={item.path} item={item} depth={0} />
          ))}
        </List>
      </Collapse>
    </li>
  );
}

/** Vertical navigation built from data: collapsible groups, items with collapsible sub-lists. */
export function NavSection({ data }: { data: NavGroup[] }) {
  return (
    <List disablePadding sx={{ px: 2, pb: 2 }}>
      {data.map((group, index) => (
        <NavGroupList key={group.subheader ?? index} group={group} />
      ))}
    </List>
  );
}
