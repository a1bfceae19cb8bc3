import ContentCopyRounded from '@mui/icons-material/ContentCopyRounded';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import TravelExploreOutlined from '@mui/icons-material/TravelExploreOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

import type { AnalyticsSite } from '#shared/contract/analytics.ts';

import { Label } from '../../../components/label/label.tsx';
import { useSnackbar } from '../../../components/snackbar/use-snackbar.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { fRelativeTime } from '../../../lib/format.ts';
import { useSiteCheck } from '../api/analytics-api.ts';
import { customEventExample, siteSnippet } from './site-snippet.ts';

function CodeBlock({ code, label }: { code: string; label: string }) {
  return (
    <Box
      component="pre"
      aria-label={label}
      dir="ltr"
      tabIndex={0}
      sx={{
        m: 0,
        p: 1.5,
        borderRadius: 1,
        bgcolor: 'background.neutral',
        typography: 'body2',
        fontFamily: 'monospace',
        overflowX: 'auto',
        whiteSpace: 'pre',
        textAlign: 'left',
      }}
    >
      <code>{code}</code>
    </Box>
  );
}

/** "Check installation": asks for the last event received, and says what it was and when, or that none came. */
function InstallationCheck({ site }: { site: AnalyticsSite }) {
  const { t } = useTranslation();
  const check = useSiteCheck(site.id);
  const result = check.data;
  return (
    <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
      <Button
        variant="outlined"
        color="inherit"
        size="small"
        startIcon={<TravelExploreOutlined />}
        loading={check.isFetching}
        onClick={() => void check.refetch()}
      >
        {t('analytics.sites.check.button')}
      </Button>
      <Box role="status" aria-live="polite" sx={{ width: 1 }}>
        {check.isError && !check.isFetching ? (
          <Alert severity="error">{errorMessage(check.error, t)}</Alert>
        ) : result ? (
          result.lastEvent && result.lastEventAt ? (
            <Alert severity="success">
              {t('analytics.sites.check.last', {
                name: result.lastEvent.name,
                page: result.lastEvent.page,
                when: fRelativeTime(result.lastEventAt),
              })}
            </Alert>
          ) : (
            <Alert severity="warning">{t('analytics.sites.check.none')}</Alert>
          )
        ) : null}
      </Box>
    </Stack>
  );
}

/**
 * A site: its name, domains, time zone, goals and last event; its snippet to copy (and how to send a custom
 * event), the installation check, Edit, and Remove (not for the built-in site).
 */
export function SiteCard({
  site,
  onEdit,
  onRemove,
}: {
  site: AnalyticsSite;
  onEdit: () => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const headingId = useId();
  const snippet = siteSnippet(site.key, window.location.origin);

  const copy = () =>
    navigator.clipboard.writeText(snippet).then(
      () => enqueueSnackbar(t('analytics.sites.snippet.copied'), { variant: 'success' }),
      () => enqueueSnackbar(t('analytics.sites.snippet.copyFailed'), { variant: 'error' }),
    );

  return (
    <Card component="section" aria-labelledby={headingId} sx={{ p: { xs: 2, md: 3 } }}>
      <Stack spacing={2.5}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1.5}
          sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' } }}
        >
          <Box sx={{ minWidth: 0 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
              <Typography id={headingId} variant="h6" component="h2" sx={{ wordBreak: 'break-word' }}>
                {site.name}
              </Typography>
              {site.builtIn && <Label color="info">{t('analytics.sites.builtIn')}</Label>}
              {site.excludeAdmins && <Label>{t('analytics.sites.adminsExcluded')}</Label>}
            </Stack>
            <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }}>
              {site.lastEventAt
                ? t('analytics.sites.lastEvent', { when: fRelativeTime(site.lastEventAt) })
                : t('analytics.sites.noEventYet')}
            </Typography>
          </Box>
          <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
            <Button
              size="small"
              color="inherit"
              startIcon={<EditOutlined />}
              onClick={onEdit}
              aria-label={t('analytics.sites.editOne', { name: site.name })}
            >
              {t('analytics.sites.edit')}
            </Button>
            <Button
              size="small"
              color="error"
              startIcon={<DeleteOutlined />}
              onClick={onRemove}
              disabled={site.builtIn}
              aria-label={t('analytics.sites.removeOne', { name: site.name })}
              title={site.builtIn ? t('analytics.sites.builtInKept') : undefined}
            >
              {t('analytics.sites.remove')}
            </Button>
          </Stack>
        </Stack>

        <Box
          component="dl"
          sx={{
            m: 0,
            display: 'grid',
            gap: 1.5,
            gridTemplateColumns: { xs: '1fr', md: 'repeat(3, minmax(0, 1fr))' },
          }}
        >
          <Box>
            <Typography component="dt" variant="caption" sx={{ color: 'text.secondary' }}>
              {t('analytics.sites.form.domains')}
            </Typography>
            <Box component="dd" sx={{ m: 0, display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
              {site.domains.map((domain) => (
                <Chip key={domain} size="small" label={domain} dir="ltr" />
              ))}
            </Box>
          </Box>
          <Box>
            <Typography component="dt" variant="caption" sx={{ color: 'text.secondary' }}>
              {t('analytics.sites.form.timeZone')}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0 }}>
              {site.timeZone.replaceAll('_', ' ')}
            </Typography>
          </Box>
          <Box>
            <Typography component="dt" variant="caption" sx={{ color: 'text.secondary' }}>
              {t('analytics.sites.form.goals')}
            </Typography>
            <Box component="dd" sx={{ m: 0, display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
              {site.goals.length ? (
                site.goals.map((goal) => (
                  <Chip key={goal} size="small" variant="outlined" label={goal} dir="ltr" />
                ))
              ) : (
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {t('analytics.sites.noGoals')}
                </Typography>
              )}
            </Box>
          </Box>
        </Box>

        <Stack spacing={1}>
          <Typography variant="subtitle2" component="h3">
            {t('analytics.sites.snippet.title')}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {site.builtIn ? t('analytics.sites.snippet.builtInIntro') : t('analytics.sites.snippet.intro')}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <CodeBlock code={snippet} label={t('analytics.sites.snippet.label', { name: site.name })} />
            </Box>
            <Button
              variant="contained"
              startIcon={<ContentCopyRounded />}
              onClick={() => void copy()}
              aria-label={t('analytics.sites.snippet.copyOne', { name: site.name })}
              sx={{ flexShrink: 0, alignSelf: { xs: 'flex-start', sm: 'center' } }}
            >
              {t('analytics.sites.snippet.copy')}
            </Button>
          </Stack>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('analytics.sites.snippet.events')}
          </Typography>
          <CodeBlock code={customEventExample} label={t('analytics.sites.snippet.eventsLabel')} />
        </Stack>

        <InstallationCheck site={site} />
      </Stack>
    </Card>
  );
}
