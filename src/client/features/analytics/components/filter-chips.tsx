import Cancel from '@mui/icons-material/Cancel';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

import { readFilters, withoutFilter } from './analytics-views.ts';
import { useValueLabel } from './use-value-label.ts';

/** The view's filters as chips ("Country: France"), each removable, and "Clear filters" when several. */
export function FilterChips() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const label = useValueLabel();
  const filters = readFilters(params);
  if (!filters.length) return null;
  return (
    <Stack
      direction="row"
      spacing={1}
      useFlexGap
      role="group"
      aria-label={t('analytics.details.filters.label')}
      sx={{ flexWrap: 'wrap', alignItems: 'center' }}
    >
      {filters.map((filter) => {
        const text = t('analytics.details.filters.chip', {
          dimension: t(`analytics.dimensions.${filter.dim}`),
          value: label(filter.dim, filter.value),
        });
        return (
          <Chip
            key={filter.dim}
            color="primary"
            variant="outlined"
            label={<bdi>{text}</bdi>}
            onDelete={() =>
              void setParams((current) => withoutFilter(current, filter.dim), { replace: true })
            }
            deleteIcon={<Cancel titleAccess={t('analytics.details.filters.remove', { filter: text })} />}
          />
        );
      })}
      {filters.length > 1 && (
        <Button
          size="small"
          color="inherit"
          onClick={() =>
            void setParams(
              (current) => {
                const next = new URLSearchParams(current);
                next.delete('filter');
                next.delete('page');
                return next;
              },
              { replace: true },
            )
          }
        >
          {t('analytics.details.filters.clear')}
        </Button>
      )}
    </Stack>
  );
}
