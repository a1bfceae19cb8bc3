import ButtonBase from '@mui/material/ButtonBase';
import List from '@mui/material/List';
import Popover, { type PopoverOrigin } from '@mui/material/Popover';
import type { SxProps, Theme } from '@mui/material/styles';
import Tooltip, { type TooltipProps } from '@mui/material/Tooltip';
import { useId, useState, type CSSProperties, type ReactNode } from 'react';
import { useLocation } from 'react-router';

import { activeItemSx, NavItemAnchor } from './nav-item-parts.tsx';
import { NavList } from './nav-section.tsx';
import { hasActiveChild, isActivePath, type NavItem } from './types.ts';

/** One style object (or theme function): an entry of an `sx` array. */
type SxEntry = Exclude<SxProps<Theme>, ReadonlyArray<unknown>>;

type NavMenuItemProps = {
  item: NavItem;
  /** The button's look; on the current page's item (or a parent of it) `activeItemSx` and `activeSx` are added. */
  sx: SxEntry;
  activeSx?: SxEntry;
  /** The button's content (icon, title, extras). */
  children: ReactNode;
  /** Shown after the content when the item is a parent. */
  expandIcon: ReactNode;
  /** Where the caption tooltip shows (MUI's default: below). */
  tooltipPlacement?: TooltipProps['placement'];
  /** Where a parent's menu opens, against its button. */
  menuAnchorOrigin: PopoverOrigin;
  menuPaperSx: SxEntry;
  /** Style of the `<li>`. */
  style?: CSSProperties;
};

/**
 * An item of the mini and horizontal navs: a link (or a disabled button) with its caption as a tooltip, or a
 * parent whose button opens its items (vertical nav lists) in a menu.
 */
export function NavMenuItem({
  item,
  sx,
  activeSx,
  children,
  expandIcon,
  tooltipPlacement,
  menuAnchorOrigin,
  menuPaperSx,
  style,
}: NavMenuItemProps) {
  const { pathname } = useLocation();
  // The sub-menu is open for the path it was opened on: following one of its links closes it.
  const [menu, setMenu] = useState<{ anchor: HTMLElement; path: string } | null>(null);
  const anchor = menu?.path === pathname ? menu.anchor : null;
  const setAnchor = (element: HTMLElement | null) =>
    setMenu(element ? { anchor: element, path: pathname } : null);
  const menuId = useId();
  const hasChildren = Boolean(item.children?.length);
  const active = hasChildren ? hasActiveChild(item, pathname) : isActivePath(item.path, pathname, false);

  const buttonSx = [sx, ...(active ? [activeItemSx, activeSx ?? {}] : [])];
  const content = (
    <>
      {children}
      {hasChildren && expandIcon}
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
        sx={buttonSx}
      >
        {content}
      </ButtonBase>
    );
  } else if (item.disabled) {
    button = (
      <ButtonBase disabled aria-disabled="true" sx={buttonSx}>
        {content}
      </ButtonBase>
    );
  } else {
    button = (
      <ButtonBase
        component={NavItemAnchor}
        to={item.path}
        aria-current={active ? 'page' : undefined}
        sx={buttonSx}
      >
        {content}
      </ButtonBase>
    );
  }

  return (
    <li style={style}>
      <Tooltip title={item.caption ?? ''} placement={tooltipPlacement} disableHoverListener={!item.caption}>
        {button}
      </Tooltip>
      {hasChildren && (
        <Popover
          id={menuId}
          open={Boolean(anchor)}
          anchorEl={anchor}
          onClose={() => setAnchor(null)}
          anchorOrigin={menuAnchorOrigin}
          transformOrigin={{ vertical: 'top', horizontal: 'left' }}
          slotProps={{ paper: { sx: menuPaperSx } }}
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
