import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

import type { AnalyticsSite } from '#shared/contract/analytics.ts';

/**
 * The site the address names (`?site=<id>`), else the built-in site (else the first): the one whose
 * figures a page shows.
 */
export function useSelectedSite(sites: readonly AnalyticsSite[] | undefined): AnalyticsSite | undefined {
  const [params] = useSearchParams();
  if (!sites?.length) return undefined;
  const wanted = params.get('site');
  return sites.find((site) => site.id === wanted) ?? sites.find((site) => site.builtIn) ?? sites[0];
}

/**
 * Chooses the site whose figures are shown: written in the address (`?site=`; the built-in site has
 * none), the range and filters kept, the table back at its first page.
 */
export function SiteSelect({
  sites,
  value,
}: {
  sites: readonly AnalyticsSite[];
  value: AnalyticsSite | undefined;
}) {
  const { t } = useTranslation();
  const [, setParams] = useSearchParams();
  return (
    <TextField
      select
      size="small"
      label={t('analytics.details.site')}
      value={value?.id ?? ''}
      onChange={(event) =>
        void setParams(
          (current) => {
            const next = new URLSearchParams(current);
            const site = sites.find((s) => s.id === event.target.value);
            if (!site || site.builtIn) next.delete('site');
            else next.set('site', site.id);
            next.delete('page');
            return next;
          },
          { replace: true },
        )
      }
      sx={{ minWidth: 200 }}
    >
      {sites.map((site) => (
        <MenuItem key={site.id} value={site.id}>
          {site.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
