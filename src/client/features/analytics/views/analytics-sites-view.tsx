import AddRounded from '@mui/icons-material/AddRounded';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import type { AnalyticsSite } from '#shared/contract/analytics.ts';

import { ConfirmDialog } from '../../../components/confirm-dialog/confirm-dialog.tsx';
import { PageHeading } from '../../../components/page-heading/page-heading.tsx';
import { useSnackbar } from '../../../components/snackbar/use-snackbar.ts';
import { paths } from '../../../config/paths.ts';
import { useAuth } from '../../../lib/auth/use-auth.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { useAnalyticsLive, useAnalyticsSites, useSiteActions } from '../api/analytics-api.ts';
import { AnalyticsPageLinks } from '../components/analytics-page-links.tsx';
import { RetentionSettings } from '../components/retention-settings.tsx';
import { SiteCard } from '../components/site-card.tsx';
import { SiteFormDialog } from '../components/site-form-dialog.tsx';

/**
 * `/dashboard/analytics/sites` (issue 30 B, administrators): the sites measured, the built-in one (the
 * instance's public pages) first; add, edit and remove them, copy a site's snippet, check its installation,
 * and set how long raw events are kept. Refreshes live when a site changes or events arrive.
 */
export function AnalyticsSitesView() {
  const { t } = useTranslation();
  const isAdmin = useAuth((state) => state.user?.role === 'admin');
  const title = t('analytics.nav.sites');
  const heading = (action?: ReactNode) => (
    <>
      <PageHeading
        title={title}
        crumbs={[
          { label: t('analytics.pageTitle'), to: paths.dashboard.general.analytics },
          { label: title },
        ]}
        action={action}
      />
      <AnalyticsPageLinks current="sites" />
    </>
  );
  if (!isAdmin) {
    return (
      <>
        {heading()}
        <Alert severity="info">{t('analytics.details.adminsOnly')}</Alert>
      </>
    );
  }
  return <Sites heading={heading} />;
}

function Sites({ heading }: { heading: (action?: ReactNode) => ReactNode }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  useAnalyticsLive();
  const sites = useAnalyticsSites();
  const actions = useSiteActions();
  // The dialog: closed, adding (null) or editing a site; a new key each time, so the form starts afresh.
  const [form, setForm] = useState<{ site: AnalyticsSite | null; key: number } | null>(null);
  const [removing, setRemoving] = useState<AnalyticsSite | null>(null);
  const openCount = useRef(0);
  const openForm = (site: AnalyticsSite | null) => {
    openCount.current += 1;
    setForm({ site, key: openCount.current });
  };
  const ordered = [...(sites.data ?? [])].sort((a, b) => Number(b.builtIn) - Number(a.builtIn));

  const remove = () =>
    removing &&
    actions.remove.mutate(removing.id, {
      onSuccess: () => {
        enqueueSnackbar(t('analytics.sites.removed', { name: removing.name }), { variant: 'success' });
        setRemoving(null);
      },
      onError: (error) => {
        enqueueSnackbar(errorMessage(error, t), { variant: 'error' });
        setRemoving(null);
      },
    });

  return (
    <>
      {heading(
        <Button variant="contained" startIcon={<AddRounded />} onClick={() => openForm(null)}>
          {t('analytics.sites.add')}
        </Button>,
      )}
      <Stack spacing={3}>
        {sites.isError && (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void sites.refetch()}>
                {t('common.retry')}
              </Button>
            }
          >
            {errorMessage(sites.error, t)}
          </Alert>
        )}
        {sites.isPending && !sites.isError && <Skeleton variant="rounded" height={320} />}
        {ordered.map((site) => (
          <SiteCard
            key={site.id}
            site={site}
            onEdit={() => openForm(site)}
            onRemove={() => {
              if (site.builtIn) {
                enqueueSnackbar(t('analytics.sites.builtInKept'), { variant: 'info' });
                return;
              }
              setRemoving(site);
            }}
          />
        ))}
        <RetentionSettings />
      </Stack>
      {form && (
        <SiteFormDialog
          key={form.key}
          open
          site={form.site}
          onClose={() => setForm(null)}
          onSubmit={async (payload) => {
            if (form.site) {
              await actions.update.mutateAsync({ id: form.site.id, ...payload });
              enqueueSnackbar(t('analytics.sites.saved'), { variant: 'success' });
            } else {
              await actions.create.mutateAsync(payload);
              enqueueSnackbar(t('analytics.sites.added'), { variant: 'success' });
            }
          }}
        />
      )}
      <ConfirmDialog
        open={removing !== null}
        title={t('analytics.sites.removeTitle', { name: removing?.name ?? '' })}
        content={t('analytics.sites.removeText')}
        action={t('analytics.sites.remove')}
        loading={actions.remove.isPending}
        onConfirm={() => void remove()}
        onClose={() => setRemoving(null)}
      />
    </>
  );
}
