import CheckIcon from '@mui/icons-material/Check';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Rating from '@mui/material/Rating';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import {
  productCategoryTree,
  productColors,
  productGenders,
  RATING_FILTER_MIN,
  ratingFilters,
} from '#shared/contract/products-limits.ts';

import { FilterDrawer } from '../../../components/filter-drawer/filter-drawer.tsx';
import type { ShopParams } from '../api/products-list.ts';
import { useColorName } from '../../../components/product-line/color-dots.tsx';

export type ShopFilters = Pick<
  ShopParams,
  'gender' | 'category' | 'colors' | 'priceMin' | 'priceMax' | 'rating'
>;

export const noShopFilters: ShopFilters = {
  gender: [],
  category: '',
  colors: [],
  priceMin: null,
  priceMax: null,
  rating: '',
};

export const hasShopFilters = (filters: ShopFilters) =>
  filters.gender.length > 0 ||
  filters.category !== '' ||
  filters.colors.length > 0 ||
  filters.priceMin !== null ||
  filters.priceMax !== null ||
  filters.rating !== '';

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Box role="group" aria-labelledby={id}>
      <Typography id={id} variant="subtitle2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** A price in the currency's units typed by a person, as cents (empty: no bound). */
function PriceField({
  label,
  cents,
  onChange,
}: {
  label: string;
  cents: number | null;
  onChange: (cents: number | null) => void;
}) {
  const [text, setText] = useState(cents === null ? '' : String(cents / 100));
  return (
    <TextField
      size="small"
      type="number"
      label={label}
      value={text}
      onChange={(event) => setText(event.target.value)}
      onBlur={() => {
        const value = Number.parseFloat(text);
        onChange(text.trim() === '' || Number.isNaN(value) || value < 0 ? null : Math.round(value * 100));
      }}
      slotProps={{ htmlInput: { min: 0, step: 1 } }}
    />
  );
}

/** The shop's filter drawer: who it is for, category, colours, price range, rating. Each change applies. */
export function ShopFiltersDrawer({
  open,
  onClose,
  filters,
  onChange,
}: {
  open: boolean;
  onClose: () => void;
  filters: ShopFilters;
  onChange: (filters: ShopFilters) => void;
}) {
  const { t } = useTranslation();
  const colorName = useColorName();
  const toggle = (list: string[], value: string) =>
    list.includes(value) ? list.filter((v) => v !== value) : [...list, value];

  return (
    <FilterDrawer
      open={open}
      onClose={onClose}
      title={t('products.filters.title')}
      resetLabel={t('products.filters.reset')}
      closeLabel={t('products.filters.close')}
      canReset={hasShopFilters(filters)}
      onReset={() => onChange(noShopFilters)}
      width={300}
    >
      <Stack spacing={3} sx={{ p: 2.5, overflowY: 'auto' }}>
        <Section title={t('products.filters.gender')}>
          {productGenders.map((gender) => (
            <FormControlLabel
              key={gender}
              sx={{ display: 'flex' }}
              control={
                <Checkbox
                  checked={filters.gender.includes(gender)}
                  onChange={() => onChange({ ...filters, gender: toggle(filters.gender, gender) })}
                />
              }
              label={t(`products.genders.${gender}`)}
            />
          ))}
        </Section>
        <Section title={t('products.filters.category')}>
          <RadioGroup
            value={filters.category}
            onChange={(event) => onChange({ ...filters, category: event.target.value })}
          >
            <FormControlLabel value="" control={<Radio />} label={t('products.filters.all')} />
            {productCategoryTree.map((group) => (
              <FormControlLabel
                key={group.group}
                value={group.group}
                control={<Radio />}
                label={t(`products.categories.${group.group}`)}
              />
            ))}
          </RadioGroup>
        </Section>
        <Section title={t('products.filters.colors')}>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            {productColors.map((color) => {
              const checked = filters.colors.includes(color);
              return (
                <ButtonBase
                  key={color}
                  role="checkbox"
                  aria-checked={checked}
                  aria-label={colorName(color)}
                  onClick={() => onChange({ ...filters, colors: toggle(filters.colors, color) })}
                  sx={{
                    width: 28,
                    height: 28,
                    borderRadius: '50%',
                    bgcolor: color,
                    border: 1,
                    borderColor: 'divider',
                    color: (theme) => theme.palette.getContrastText(color),
                  }}
                >
                  {checked && <CheckIcon fontSize="small" />}
                </ButtonBase>
              );
            })}
          </Box>
        </Section>
        <Section title={t('products.filters.price')}>
          <Stack direction="row" spacing={1} key={`${filters.priceMin}-${filters.priceMax}`}>
            <PriceField
              label={t('products.filters.priceMin')}
              cents={filters.priceMin}
              onChange={(priceMin) => onChange({ ...filters, priceMin })}
            />
            <PriceField
              label={t('products.filters.priceMax')}
              cents={filters.priceMax}
              onChange={(priceMax) => onChange({ ...filters, priceMax })}
            />
          </Stack>
        </Section>
        <Section title={t('products.filters.rating')}>
          <RadioGroup
            value={filters.rating}
            onChange={(event) => onChange({ ...filters, rating: event.target.value })}
          >
            {ratingFilters.map((rating) => (
              <FormControlLabel
                key={rating}
                value={rating}
                control={<Radio />}
                label={
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <Rating readOnly size="small" value={RATING_FILTER_MIN[rating]} aria-hidden />
                    <span>{t('products.filters.andUp', { count: RATING_FILTER_MIN[rating] })}</span>
                  </Stack>
                }
              />
            ))}
          </RadioGroup>
        </Section>
      </Stack>
    </FilterDrawer>
  );
}
