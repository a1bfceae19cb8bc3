import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';

import { PageHeading } from '../../../components/page-heading/page-heading.tsx';
import { paths } from '../../../config/paths.ts';

/** Links to booking's pages (overview, listings, bookings), under the heading; the current one is marked. */
export function BookingPageLinks() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const links = [
    { to: paths.dashboard.general.booking, label: t('booking.nav.overview') },
    { to: paths.dashboard.booking.listings, label: t('booking.nav.listings') },
    { to: paths.dashboard.booking.list, label: t('booking.nav.list') },
  ];
  return (
    <Stack
      component="nav"
      aria-label={t('booking.pageTitle')}
      direction="row"
      spacing={1}
      useFlexGap
      sx={{ flexWrap: 'wrap', mb: 3 }}
    >
      {links.map((link) => {
        const current = pathname.replace(/\/$/, '') === link.to;
        return (
          <Button
            key={link.to}
            component={RouterLink}
            to={link.to}
            size="small"
            color="inherit"
            variant={current ? 'contained' : 'outlined'}
            aria-current={current ? 'page' : undefined}
          >
            {link.label}
          </Button>
        );
      })}
    </Stack>
  );
}

type Crumb = { label: string; to?: string };

/**
 * A booking page's heading: its title under "Booking" in the breadcrumbs (the overview: "Booking" alone),
 * optional crumbs between (e.g. "Listings" above one listing), an action on the end side (e.g. "New
 * listing" for administrators, passed by the page), and the links to booking's other pages.
 */
export function BookingPageHeading({
  title,
  action,
  crumbs = [],
}: {
  title?: string;
  action?: ReactNode;
  crumbs?: Crumb[];
}) {
  const { t } = useTranslation();
  return (
    <>
      {title === undefined ? (
        <PageHeading title={t('booking.pageTitle')} action={action} />
      ) : (
        <PageHeading
          title={title}
          crumbs={[
            { label: t('booking.pageTitle'), to: paths.dashboard.general.booking },
            ...crumbs,
            { label: title },
          ]}
          action={action}
        />
      )}
      <BookingPageLinks />
    </>
  );
}
