import ChevronRight from '@mui/icons-material/ChevronRight';
import ButtonBase from '@mui/material/ButtonBase';
import List from '@mui/material/List';
import Popover from '@mui/material/Popover';
import { alpha, type Theme } from '@mui/material/styles';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useLocation } from 'react-router';

import { ExternalHint, NavItemAnchor } from './nav-item-parts.tsx';
import { flipInRtl, NavList } from './nav-section.tsx';
import { hasActiveChild, isActivePath, type NavGroup, type NavItem } from './types.ts';

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
    miniItemSx,
    active && {
      color: 'primary.main',
      bgcolor: (theme: Theme) => alpha(theme.palette.primary.main, 0.08),
      '&:hover': { bgcolor: (theme: Theme) => alpha(theme.palette.primary.main, 0.16) },
    },
  ];
  const content = (
    <>
      {item.icon && (
        <span className="mini-icon" aria-hidden="true">
          {item.icon}
        </span>
      )}
      <MiniLabel item={item} />
      {hasChildren && (
        <ChevronRight
          sx={[{ position: 'absolute', top: 10, right: 4, fontSize: 14 }, flipInRtl]}
          aria-hidden="true"
        />
      )}
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
    <li>
      <Tooltip title={item.caption ?? ''} placement="right" disableHoverListener={!item.caption}>
        {button}
      </Tooltip>
      {hasChildren && (
        <Popover
          id={menuId}
          open={Boolean(anchor)}
          anchorEl={anchor}
          onClose={() => setAnchor(null)}
          anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
          transformOrigin={{ vertical: 'top', horizontal: 'left' }}
          slotProps={{ paper: { sx: { p: 1, minWidth: 200, ml: 0.5 } } }}
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
