import FilterList from '@mui/icons-material/FilterList';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { productSorts, type ProductSort } from '#shared/contract/products-limits.ts';

import { CardGrid } from '../../../components/card-grid/card-grid.tsx';
import { PageHeading } from '../../../components/page-heading/page-heading.tsx';
import { SearchSuggestField } from '../../../components/search-suggest/search-suggest-field.tsx';
import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { useListState } from '../../../components/data-table/use-list-state.ts';
import { useMoney, useProductSuggestions } from '../api/products-api.ts';
import { SHOP_PAGE_SIZE, shopList, useShopProducts } from '../api/products-list.ts';
import { CartButton } from '../components/cart-drawer.tsx';
import { useColorName } from '../../../components/product-line/color-dots.tsx';
import { ProductItem } from '../components/product-item.tsx';
import {
  hasShopFilters,
  noShopFilters,
  ShopFiltersDrawer,
  type ShopFilters,
} from '../components/shop-filters.tsx';
import { useCartStore } from '../../../lib/cart/cart-store.ts';

/** Filters as the address holds them: lists comma-joined, cents as digits, an empty filter left out. */
const inAddress = (filters: Partial<ShopFilters>): Record<string, string | undefined> =>
  Object.fromEntries(
    Object.entries(filters).map(([name, value]) => [
      name,
      Array.isArray(value)
        ? value.join(',') || undefined
        : value === null
          ? undefined
          : String(value) || undefined,
    ]),
  );

/**
 * `/dashboard/e-commerce/shop` (issue #13): the published products, searched (with suggestions), filtered,
 * sorted and paged on the server; the filters, search and page live in the address (the shared list state,
 * each change a history entry that Back steps through), the sort in the saved product slice (spec §4).
 */
export function ShopView() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const money = useMoney();
  const colorName = useColorName();
  const list = useListState(shopList.config, { history: 'push' });
  const current = shopList.paramsOf(list);
  const sortBy = useCartStore((state) => state.sortBy);
  const setSortBy = useCartStore((state) => state.setSortBy);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [suggestFor, setSuggestFor] = useState('');
  const suggestions = useProductSuggestions(suggestFor);
  const products = useShopProducts({ ...current, sort: sortBy });

  /** New filters (arrays, cents) written to the address, from the first page; an empty value clears one. */
  const go = (change: Partial<ShopFilters>) => list.setFilters(inAddress(change));
  const filters: ShopFilters = {
    gender: current.gender,
    category: current.category,
    colors: current.colors,
    priceMin: current.priceMin,
    priceMax: current.priceMax,
    rating: current.rating,
  };

  const chips: { key: string; label: string; remove: () => void }[] = [
    ...current.gender.map((gender) => ({
      key: `g-${gender}`,
      label: t(`products.genders.${gender as 'Men'}`),
      remove: () => go({ gender: current.gender.filter((g) => g !== gender) }),
    })),
    ...(current.category
      ? [
          {
            key: 'c',
            label: t(`products.categories.${current.category as 'Clothing'}`),
            remove: () => go({ category: '' }),
          },
        ]
      : []),
    ...current.colors.map((color) => ({
      key: `co-${color}`,
      label: colorName(color),
      remove: () => go({ colors: current.colors.filter((c) => c !== color) }),
    })),
    ...(current.priceMin !== null || current.priceMax !== null
      ? [
          {
            key: 'p',
            label: `${current.priceMin !== null ? money(current.priceMin) : '…'} – ${current.priceMax !== null ? money(current.priceMax) : '…'}`,
            remove: () => go({ priceMin: null, priceMax: null }),
          },
        ]
      : []),
    ...(current.rating
      ? [
          {
            key: 'r',
            label: t(`products.ratingFilters.${current.rating as 'up4Star'}`),
            remove: () => go({ rating: '' }),
          },
        ]
      : []),
    ...(current.search
      ? [
          {
            key: 's',
            label: `“${current.search}”`,
            remove: () => list.setSearch(''),
          },
        ]
      : []),
  ];

  const total = products.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / SHOP_PAGE_SIZE));

  return (
    <>
      <PageHeading
        title={t('products.shopTitle')}
        crumbs={[{ label: t('nav.ecommerce'), to: paths.dashboard.eCommerce.root }, { label: t('nav.shop') }]}
        action={<CartButton />}
      />
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ mb: 2.5, alignItems: { sm: 'center' } }}
      >
        <SearchSuggestField
          value={current.search}
          label={t('products.search')}
          placeholder={t('products.searchPlaceholder')}
          options={suggestFor ? (suggestions.data?.results ?? []) : []}
          onWords={setSuggestFor}
          getLabel={(product) => product.name}
          renderOption={(product) => (
            <>
              <Avatar
                variant="rounded"
                src={product.coverUrl ?? undefined}
                alt=""
                sx={{ width: 40, height: 40 }}
              />
              <Typography variant="body2" sx={{ flexGrow: 1 }} noWrap>
                {product.name}
              </Typography>
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                {money(product.price)}
              </Typography>
            </>
          )}
          onSearch={(words) => list.setSearch(words)}
          onPick={(product) => void navigate(paths.dashboard.eCommerce.view(product.name))}
        />
        <Box sx={{ flexGrow: 1 }} />
        <Button
          color="inherit"
          endIcon={
            <Badge color="error" variant="dot" invisible={!hasShopFilters(filters)}>
              <FilterList />
            </Badge>
          }
          onClick={() => setFiltersOpen(true)}
        >
          {t('products.filters.title')}
        </Button>
        <TextField
          select
          size="small"
          label={t('products.sortBy')}
          value={sortBy}
          onChange={(event) => {
            setSortBy(event.target.value as ProductSort);
            list.setPage(0);
          }}
          sx={{ width: { xs: 1, sm: 200 }, flexShrink: 0 }}
        >
          {productSorts.map((sort) => (
            <MenuItem key={sort} value={sort}>
              {t(`products.sorts.${sort}`)}
            </MenuItem>
          ))}
        </TextField>
      </Stack>

      {chips.length > 0 && (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mb: 2.5, alignItems: 'center' }}>
          <Typography variant="body2" aria-live="polite" sx={{ mr: 1 }}>
            <strong>{total}</strong> {t('products.results', { count: total })}
          </Typography>
          {chips.map((chip) => (
            <Chip key={chip.key} size="small" label={chip.label} onDelete={chip.remove} />
          ))}
          <Button
            size="small"
            color="error"
            onClick={() => list.setFilters({ ...inAddress(noShopFilters), search: '' })}
          >
            {t('products.filters.clear')}
          </Button>
        </Stack>
      )}

      {products.isError && <Alert severity="error">{errorMessage(products.error, t)}</Alert>}
      <CardGrid
        label={t('products.shopTitle')}
        items={products.data?.products}
        pending={products.isPending}
        fetching={products.isFetching}
        stale={products.isPlaceholderData}
        skeletonSx={{ aspectRatio: '3 / 4', height: 'auto' }}
        empty={{ title: t('products.noResults'), hint: t('products.noResultsHint') }}
        renderItem={(product) => <ProductItem key={product.id} product={product} />}
      />
      {pages > 1 && (
        <Pagination
          count={pages}
          page={current.page}
          onChange={(_event, page) => list.setPage(page - 1)}
          sx={{ mt: 5, display: 'flex', justifyContent: 'center' }}
        />
      )}
      <ShopFiltersDrawer
        open={filtersOpen}
        onClose={() => setFiltersOpen(false)}
        filters={filters}
        onChange={(next) => go(next)}
      />
    </>
  );
}
