import ExpandMore from '@mui/icons-material/ExpandMore';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Collapse from '@mui/material/Collapse';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import { alpha } from '@mui/material/styles';
import { useId, useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';

import { layoutConfig } from '../../layouts/config-layout.ts';
import type { NavGroup, NavItem } from './types.ts';

/** Exact match, or a parent of the current path ('/dashboard/user' is active on '/dashboard/user/list'). */
export function isActivePath(itemPath: string, pathname: string, deep: boolean): boolean {
  const clean = (value: string) => value.replace(/\/+$/, '') || '/';
  const item = clean(itemPath);
  const current = clean(pathname);
  return current === item || (deep && current.startsWith(`${item}/`));
}

function hasActiveChild(item: NavItem, pathname: string): boolean {
  return (item.children ?? []).some(
    (child) => isActivePath(child.path, pathname, true) || hasActiveChild(child, pathname),
  );
}

type NavListProps = { item: NavItem; depth: number };

function NavList({ item, depth }: NavListProps) {
  const { pathname } = useLocation();
  const childActive = hasActiveChild(item, pathname);
  const [open, setOpen] = useState(childActive);
  const listId = useId();
  const sub = depth > 0;
  const height = sub ? layoutConfig.nav.subItemHeight : layoutConfig.nav.itemHeight;
  const iconSize = sub ? layoutConfig.nav.subIconSize : layoutConfig.nav.iconSize;

  const itemSx = {
    minHeight: height,
    borderRadius: 1,
    mb: 0.5,
    pl: sub ? 2 + depth * 1.5 : 1.5,
    pr: 1.5,
    color: 'text.secondary',
    '& .MuiListItemIcon-root': { minWidth: 0, mr: 2, color: 'inherit', '& svg': { fontSize: iconSize } },
  } as const;

  if (item.children?.length) {
    return (
      <li>
        <ListItemButton
          onClick={() => setOpen((value) => !value)}
          aria-expanded={open}
          aria-controls={listId}
          sx={[
            itemSx,
            childActive && {
              color: 'text.primary',
              bgcolor: (theme) => alpha(theme.palette.grey[500], 0.08),
            },
          ]}
        >
          {item.icon && <ListItemIcon>{item.icon}</ListItemIcon>}
          <ListItemText
            primary={item.title}
            slotProps={{
              primary: { variant: sub ? 'body2' : 'subtitle2', sx: { fontWeight: childActive ? 600 : 500 } },
            }}
          />
          {open ? <ExpandMore fontSize="small" /> : <ChevronRight fontSize="small" />}
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
  return (
    <li>
      <ListItemButton
        component={RouterLink}
        to={item.path}
        aria-current={active ? 'page' : undefined}
        sx={[
          itemSx,
          active && {
            color: 'primary.main',
            bgcolor: (theme) => alpha(theme.palette.primary.main, 0.08),
            '&:hover': { bgcolor: (theme) => alpha(theme.palette.primary.main, 0.16) },
          },
        ]}
      >
        {item.icon && <ListItemIcon>{item.icon}</ListItemIcon>}
        <ListItemText
          primary={item.title}
          slotProps={{
            primary: { variant: sub ? 'body2' : 'subtitle2', sx: { fontWeight: active ? 600 : 500 } },
          }}
        />
      </ListItemButton>
    </li>
  );
}

/** Navigation built from data: groups with a subheader, items with collapsible sub-lists. */
export function NavSection({ data }: { data: NavGroup[] }) {
  return (
    <>
      {data.map((group, index) => (
        <List
          key={group.subheader ?? index}
          disablePadding
          sx={{ px: 2, pb: 2 }}
          subheader={
            group.subheader ? (
              <ListSubheader
                disableSticky
                sx={{
                  bgcolor: 'transparent',
                  typography: 'overline',
                  color: 'text.secondary',
                  lineHeight: 1.5,
                  pt: 2,
                  pb: 1,
                  px: 1.5,
                }}
              >
                {group.subheader}
              </ListSubheader>
            ) : undefined
          }
        >
          {group.items.map((item) => (
            <NavList key={item.path} item={item} depth={0} />
          ))}
        </List>
      ))}
    </>
  );
}
