import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import { alpha, type Theme } from '@mui/material/styles';
import { forwardRef, type AnchorHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import { prefetchRoute } from '../../lib/route-prefetch.ts';
import { isExternalLink, type NavItem } from './types.ts';
import { visuallyHidden } from '../../lib/visually-hidden.ts';

type AnchorProps = AnchorHTMLAttributes<HTMLAnchorElement> & { to: string };

/**
 * The link element of a leaf item: a router link for app paths, a plain anchor for `#fragments`, and a new
 * tab (rel noopener noreferrer) for external URLs.
 */
export const NavItemAnchor = forwardRef<HTMLAnchorElement, AnchorProps>(function NavItemAnchor(
  { to: path, ...props },
  ref,
) {
  if (isExternalLink(path)) {
    return <a ref={ref} href={path} target="_blank" rel="noopener noreferrer" {...props} />;
  }
  if (path.startsWith('#')) return <a ref={ref} href={path} {...props} />;
  // The page's code starts loading when the pointer is on the link or the link has the focus.
  return (
    <RouterLink
      ref={ref}
      to={path}
      {...props}
      onPointerEnter={(event) => {
        prefetchRoute(path);
        props.onPointerEnter?.(event);
      }}
      onFocus={(event) => {
        prefetchRoute(path);
        props.onFocus?.(event);
      }}
    />
  );
});

/** "(opens in a new tab)" for screen readers after an external link's title. */
export function ExternalHint({ path }: { path: string }) {
  const { t } = useTranslation();
  if (!isExternalLink(path)) return null;
  return (
    <Box component="span" sx={visuallyHidden}>
      {` ${t('nav.opensInNewTab')}`}
    </Box>
  );
}

/** The label chip and the count badge after a title. */
export function NavItemExtras({ item }: { item: NavItem }) {
  return (
    <>
      {item.info && (
        <Box component="span" sx={{ display: 'inline-flex', ml: 1, flexShrink: 0 }}>
          {item.info}
        </Box>
      )}
      {Boolean(item.badge) && (
        <Badge
          badgeContent={item.badge}
          color="error"
          max={99}
          sx={{ ml: 2, mr: 1, '& .MuiBadge-badge': { position: 'static', transform: 'none' } }}
        />
      )}
    </>
  );
}

/** The current page's item (or a parent of it in the mini and horizontal navs). */
export const activeItemSx = {
  color: 'primary.main',
  bgcolor: (theme: Theme) => alpha(theme.palette.primary.main, 0.08),
  '&:hover': { bgcolor: (theme: Theme) => alpha(theme.palette.primary.main, 0.16) },
};
