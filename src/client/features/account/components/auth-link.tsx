import Link, { type LinkProps } from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';

type AuthLinkProps = Omit<LinkProps, 'href' | 'component'> & { to: string };

/** A text link between the auth pages. */
export function AuthLink({ to, children, ...other }: AuthLinkProps) {
  return (
    <Link component={RouterLink} to={to} variant="subtitle2" {...other}>
      {children}
    </Link>
  );
}
