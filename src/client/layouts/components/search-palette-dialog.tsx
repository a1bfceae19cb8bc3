import SearchRounded from '@mui/icons-material/SearchRounded';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import InputAdornment from '@mui/material/InputAdornment';
import InputBase from '@mui/material/InputBase';
import List from '@mui/material/List';
import ListSubheader from '@mui/material/ListSubheader';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { paths } from '../../config/paths.ts';
import { useAuth } from '../../lib/auth/use-auth.ts';
import { usePageExists } from '../dashboard/use-page-exists.ts';
import { filterNavByRole, navConfigDashboard, type NavConfigItem } from '../nav-config-dashboard.tsx';
import { visuallyHidden } from '../../lib/visually-hidden.ts';

export type PaletteEntry = { title: string; context: string; path: string; group: 'dashboard' | 'public' };

const isAppPath = (path: string) => path.startsWith('/');

/** Folds case and accents so "categorie" finds "Catégorie". */
export function normalizeForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

/** Every page the user may open: the navigation for their role (pages that exist), then the public pages. */
export function usePaletteEntries(): PaletteEntry[] {
  const { t } = useTranslation();
  const role = useAuth((state) => state.user?.role);
  const pageExists = usePageExists();
  return useMemo(() => {
    const entries: PaletteEntry[] = [];
    const walk = (items: NavConfigItem[], trail: string[]) => {
      for (const item of items) {
        const title = t(`nav.${item.title}`);
        if (item.children?.length) walk(item.children, [...trail, title]);
        else if (!item.disabled && isAppPath(item.path)) {
          entries.push({ title, context: trail.join(' / '), path: item.path, group: 'dashboard' });
        }
      }
    };
    for (const group of filterNavByRole(navConfigDashboard, role, pageExists)) {
      walk(group.items, [t(`nav.${group.subheader}`)]);
    }
    const publicPages = [
      { title: t('search.pages.pricing'), path: paths.pricing },
      { title: t('search.pages.payment'), path: paths.payment },
      { title: t('search.pages.aboutUs'), path: paths.aboutUs },
      { title: t('search.pages.contactUs'), path: paths.contactUs },
      { title: t('search.pages.faqs'), path: paths.faqs },
      { title: t('search.pages.comingSoon'), path: paths.comingSoon },
      { title: t('search.pages.maintenance'), path: paths.maintenance },
    ];
    for (const page of publicPages) entries.push({ ...page, context: '', group: 'public' });
    return entries;
  }, [t, role, pageExists]);
}

export function filterEntries(entries: PaletteEntry[], query: string): PaletteEntry[] {
  const words = normalizeForSearch(query).split(/\s+/).filter(Boolean);
  if (!words.length) return entries;
  return entries.filter((entry) => {
    const haystack = normalizeForSearch(`${entry.title} ${entry.context} ${entry.path}`);
    return words.every((word) => haystack.includes(word));
  });
}

type SearchPaletteDialogProps = { open: boolean; onClose: () => void };

/**
 * The command palette (loaded when the header's "Search" button is first used): a text field listing every
 * page the user may open, filtered as they type; Enter or a click opens the page.
 */
export function SearchPaletteDialog({ open, onClose }: SearchPaletteDialogProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const entries = usePaletteEntries();
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const listRef = useRef<HTMLDivElement>(null);
  const baseId = useId();
  const titleId = `${baseId}-title`;
  const listId = `${baseId}-list`;
  const optionId = (index: number) => `${baseId}-option-${index}`;

  const results = useMemo(() => filterEntries(entries, query), [entries, query]);

  useEffect(() => {
    listRef.current?.querySelector(`[data-index="${active}"]`)?.scrollIntoView?.({ block: 'nearest' });
  }, [active]);

  const close = () => {
    onClose();
    setQuery('');
    setActive(0);
  };

  const go = (entry: PaletteEntry | undefined) => {
    if (!entry) return;
    close();
    void navigate(entry.path);
  };

  const onInputKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((index) => (results.length ? (index + 1) % results.length : 0));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((index) => (results.length ? (index - 1 + results.length) % results.length : 0));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      go(results[active]);
    }
  };

  const groups = (['dashboard', 'public'] as const)
    .map((group) => ({
      group,
      items: results.map((entry, index) => ({ entry, index })).filter((r) => r.entry.group === group),
    }))
    .filter((section) => section.items.length > 0);

  return (
    <Dialog
      open={open}
      onClose={close}
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
      slotProps={{ paper: { sx: { mt: { xs: 2, sm: 12 }, alignSelf: 'flex-start', overflow: 'hidden' } } }}
    >
      <Typography id={titleId} component="h2" sx={visuallyHidden}>
        {t('search.title')}
      </Typography>
      <Box sx={{ px: 2.5, py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
        <InputBase
          autoFocus
          fullWidth
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setActive(0);
          }}
          onKeyDown={onInputKeyDown}
          placeholder={t('search.placeholder')}
          startAdornment={
            <InputAdornment position="start">
              <SearchRounded sx={{ color: 'text.secondary' }} />
            </InputAdornment>
          }
          inputProps={{
            role: 'combobox',
            'aria-label': t('search.inputLabel'),
            'aria-expanded': results.length > 0,
            'aria-controls': listId,
            'aria-autocomplete': 'list',
            'aria-activedescendant': results.length ? optionId(active) : undefined,
            'aria-describedby': `${baseId}-hint`,
          }}
          sx={{ typography: 'body1' }}
        />
        <Typography id={`${baseId}-hint`} sx={visuallyHidden}>
          {t('search.hint')}
        </Typography>
      </Box>
      {/* Focusable so that the list can be scrolled from the keyboard too. */}
      <Box tabIndex={0} sx={{ maxHeight: 420, overflowY: 'auto', p: 1 }}>
        {results.length === 0 ? (
          <Typography role="status" sx={{ p: 3, textAlign: 'center', color: 'text.secondary' }}>
            {t('search.noResults', { query })}
          </Typography>
        ) : (
          <List
            component="div"
            id={listId}
            ref={listRef}
            role="listbox"
            aria-label={t('search.title')}
            disablePadding
          >
            {groups.map(({ group, items }) => (
              <div key={group} role="group" aria-labelledby={`${baseId}-${group}`}>
                <ListSubheader
                  id={`${baseId}-${group}`}
                  component="div"
                  role="presentation"
                  disableSticky
                  sx={{
                    typography: 'overline',
                    color: 'text.secondary',
                    lineHeight: 2.5,
                    bgcolor: 'transparent',
                  }}
                >
                  {group === 'dashboard' ? t('search.dashboardGroup') : t('search.publicGroup')}
                </ListSubheader>
                <Box role="presentation">
                  {items.map(({ entry, index }) => (
                    <Box
                      key={entry.path}
                      id={optionId(index)}
                      role="option"
                      aria-selected={index === active}
                      data-index={index}
                      onMouseMove={() => setActive(index)}
                      onClick={() => go(entry)}
                      sx={(theme) => ({
                        px: 1.5,
                        py: 1,
                        borderRadius: 1,
                        cursor: 'pointer',
                        display: 'flex',
                        alignItems: 'baseline',
                        justifyContent: 'space-between',
                        gap: 2,
                        ...(index === active && { bgcolor: alpha(theme.palette.primary.main, 0.08) }),
                      })}
                    >
                      <Box sx={{ minWidth: 0 }}>
                        <Typography variant="subtitle2" component="div" noWrap>
                          {entry.title}
                        </Typography>
                        {entry.context && (
                          <Typography
                            variant="caption"
                            component="div"
                            sx={{ color: index === active ? 'text.primary' : 'text.secondary' }}
                            noWrap
                          >
                            {entry.context}
                          </Typography>
                        )}
                      </Box>
                      <Typography
                        variant="caption"
                        dir="ltr"
                        sx={{ color: index === active ? 'text.primary' : 'text.secondary', flexShrink: 0 }}
                        noWrap
                      >
                        {entry.path}
                      </Typography>
                    </Box>
                  ))}
                </Box>
              </div>
            ))}
          </List>
        )}
      </Box>
    </Dialog>
  );
}
