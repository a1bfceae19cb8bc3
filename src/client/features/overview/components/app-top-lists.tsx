import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Rating from '@mui/material/Rating';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import type { AppOverview } from '#shared/contract/overview.ts';

import { TableWidget } from '../../../components/widget-card/table-widget.tsx';
import type { WidgetData } from '../../../components/widget-card/widget-export.ts';
import { paths } from '../../../config/paths.ts';
import { fNumber } from '../../../lib/format.ts';
import { useMoney } from '../../../lib/use-money.ts';
import { postsOfAuthor, usersOfCountry } from './app-links.ts';
import { useProductsLive } from './products-live.ts';
import { devices } from './app-sessions-by-device.tsx';
import { cardState, rangeFileName, type AppWidgetProps } from './app-widget.ts';

type TopProduct = AppOverview['topProducts'][number];
type TopCountry = NonNullable<AppOverview['topCountries']>[number];
type TopAuthor = AppOverview['topAuthors'][number];

const listSx = { m: 0, px: 3, pb: 3, listStyle: 'none' } as const;

/** Top products: the best sellers since they were listed, with price, units sold and rating. */
export function AppTopProducts({ overview }: Pick<AppWidgetProps, 'overview'>) {
  const { t } = useTranslation();
  // Prices and ratings change with the catalog (units sold come with `orders.changed`).
  useProductsLive('app');
  const money = useMoney();
  const products = overview.data?.topProducts ?? [];
  const data: WidgetData<TopProduct> = {
    columns: [
      { header: t('overview.app.topProducts.columns.product'), value: (p) => p.name },
      { header: t('overview.app.topProducts.columns.price'), value: (p) => p.price / 100 },
      { header: t('overview.app.topProducts.columns.sold'), value: (p) => p.totalSold },
      { header: t('overview.app.topProducts.columns.rating'), value: (p) => p.ratingAvg },
      { header: t('overview.app.topProducts.columns.reviews'), value: (p) => p.totalReviews },
    ],
    rows: products,
  };
  return (
    <TableWidget<TopProduct>
      id="top-products"
      title={t('overview.app.topProducts.title')}
      info={t('overview.app.topProducts.info')}
      {...cardState(overview)}
      empty={overview.data !== undefined && products.length === 0}
      emptyText={t('overview.app.topProducts.empty')}
      data={data}
      viewAll={{ to: paths.dashboard.eCommerce.shop }}
      sx={{ height: 1 }}
    >
      <Stack component="ul" spacing={2} sx={listSx}>
        {products.map((product) => (
          <Stack component="li" key={product.id} direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <Avatar
              variant="rounded"
              src={product.coverUrl ?? undefined}
              alt=""
              sx={{ width: 48, height: 48 }}
            >
              {product.name.slice(0, 1)}
            </Avatar>
            <Box sx={{ minWidth: 0, flexGrow: 1 }}>
              <Link
                component={RouterLink}
                to={paths.dashboard.eCommerce.view(product.slug)}
                variant="subtitle2"
                color="inherit"
                sx={{ display: 'block', overflowWrap: 'anywhere' }}
              >
                {product.name}
              </Link>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {money(product.price)} · {t('overview.app.topProducts.sold', { count: product.totalSold })}
              </Typography>
            </Box>
            <Box sx={{ textAlign: 'end', flexShrink: 0 }}>
              {product.totalReviews > 0 ? (
                <Rating
                  value={product.ratingAvg}
                  precision={0.1}
                  readOnly
                  size="small"
                  aria-label={t('overview.app.topProducts.rating', {
                    rating: fNumber(product.ratingAvg, { maximumFractionDigits: 1 }),
                    count: product.totalReviews,
                  })}
                />
              ) : (
                <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                  {t('overview.app.topProducts.noReviews')}
                </Typography>
              )}
            </Box>
          </Stack>
        ))}
      </Stack>
    </TableWidget>
  );
}

/**
 * Top countries (administrators): the profile countries whose people signed in most in the range, with
 * their sign-ins by device; each opens the accounts of that country.
 */
export function AppTopCountries({ overview, range }: AppWidgetProps) {
  const { t } = useTranslation();
  const countries = overview.data?.topCountries ?? [];
  const device = (key: (typeof devices)[number]) => t(`overview.app.devices.${key}`);
  const data: WidgetData<TopCountry> = {
    columns: [
      { header: t('overview.app.topCountries.columns.country'), value: (c) => c.country },
      { header: t('overview.app.topCountries.columns.people'), value: (c) => c.people },
      ...devices.map((key) => ({ header: device(key), value: (c: TopCountry) => c.devices[key] })),
    ],
    rows: countries,
  };
  return (
    <TableWidget<TopCountry>
      id="top-countries"
      title={t('overview.app.topCountries.title')}
      info={t('overview.app.topCountries.info')}
      {...cardState(overview)}
      empty={overview.data !== undefined && countries.length === 0}
      emptyText={t('overview.app.topCountries.empty')}
      data={data}
      fileName={rangeFileName('top-countries', range)}
      viewAll={{ to: paths.dashboard.user.list }}
      sx={{ height: 1 }}
    >
      <TableContainer>
        <Table size="small" aria-label={t('overview.app.topCountries.title')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('overview.app.topCountries.columns.country')}</TableCell>
              <TableCell align="right">{t('overview.app.topCountries.columns.people')}</TableCell>
              {devices.map((key) => (
                <TableCell key={key} align="right">
                  {device(key)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {countries.map((country) => (
              <TableRow key={country.country} hover>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>
                  <Link
                    component={RouterLink}
                    to={usersOfCountry(country.country)}
                    aria-label={t('overview.app.topCountries.open', { country: country.country })}
                  >
                    {country.country}
                  </Link>
                </TableCell>
                <TableCell align="right">{fNumber(country.people)}</TableCell>
                {devices.map((key) => (
                  <TableCell key={key} align="right">
                    {fNumber(country.devices[key])}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </TableWidget>
  );
}

/**
 * Top authors: the authors whose published posts got the most likes in the range (the same for everyone).
 * An author opens their published posts (the posts list's `author` filter).
 */
export function AppTopAuthors({ overview, range }: AppWidgetProps) {
  const { t } = useTranslation();
  const authors = overview.data?.topAuthors ?? [];
  const nameOf = (row: TopAuthor) => row.author.name || t('overview.app.unknownPerson');
  const data: WidgetData<TopAuthor> = {
    columns: [
      { header: t('overview.app.topAuthors.columns.author'), value: nameOf },
      { header: t('overview.app.topAuthors.columns.country'), value: (row) => row.author.country },
      { header: t('overview.app.topAuthors.columns.likes'), value: (row) => row.likes },
      { header: t('overview.app.topAuthors.columns.posts'), value: (row) => row.posts },
    ],
    rows: authors,
  };
  return (
    <TableWidget<TopAuthor>
      id="top-authors"
      title={t('overview.app.topAuthors.title')}
      info={t('overview.app.topAuthors.info')}
      {...cardState(overview)}
      empty={overview.data !== undefined && authors.length === 0}
      emptyText={t('overview.app.topAuthors.empty')}
      data={data}
      fileName={rangeFileName('top-authors', range)}
      viewAll={{ to: paths.dashboard.blog.posts }}
      sx={{ height: 1 }}
    >
      <Stack component="ol" spacing={2} sx={listSx}>
        {authors.map((row) => (
          <Stack component="li" key={row.author.id} direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <Avatar src={row.author.avatarUrl ?? undefined} alt="">
              {nameOf(row).slice(0, 1)}
            </Avatar>
            <Box sx={{ minWidth: 0, flexGrow: 1 }}>
              <Link
                component={RouterLink}
                to={postsOfAuthor(row.author.id)}
                variant="subtitle2"
                color="inherit"
                aria-label={t('overview.app.topAuthors.openPosts', { name: nameOf(row) })}
                sx={{ overflowWrap: 'anywhere' }}
              >
                {nameOf(row)}
              </Link>
              {row.author.country && (
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {row.author.country}
                </Typography>
              )}
            </Box>
            <Box sx={{ textAlign: 'end', flexShrink: 0 }}>
              <Typography variant="subtitle2">
                {t('overview.app.topAuthors.likes', { count: row.likes })}
              </Typography>
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                {t('overview.app.topAuthors.posts', { count: row.posts })}
              </Typography>
            </Box>
          </Stack>
        ))}
      </Stack>
    </TableWidget>
  );
}
