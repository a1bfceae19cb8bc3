import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

import type { WorkspaceSettings } from '#shared/contract/workspace.ts';

import { SaveChangesButton } from '../../../components/form/save-changes-button.tsx';
import { PageHeading } from '../../../components/page-heading/page-heading.tsx';
import { useSnackbar } from '../../../components/snackbar/use-snackbar.ts';
import { ApiError, staleRecord } from '../../../lib/api-error.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { useWorkspaceSettings } from '../api/get-workspace-settings.ts';
import { useSaveWorkspaceSettings } from '../api/manage-workspace.ts';
import { workspaceKeys } from '../api/workspace-keys.ts';
import { FileManagerCard } from '../components/file-manager-card.tsx';
import { InvitationsCard } from '../components/invitations-card.tsx';
import { MailQuotaCard } from '../components/mail-quota-card.tsx';
import { SignupCard } from '../components/signup-card.tsx';
import { StorageCard } from '../components/storage-card.tsx';
import { settingsResolver, toFormValues, toUpdate, type SettingsFormValues } from '../utils/settings-form.ts';

/** The settings cards and their one Save button, filled from `settings` (read once: keyed by version). */
function SettingsForm({
  settings,
  onSaved,
  onStale,
}: {
  settings: WorkspaceSettings;
  onSaved: () => void;
  onStale: () => void;
}) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const queryClient = useQueryClient();
  const save = useSaveWorkspaceSettings();
  const [initial] = useState(() => toFormValues(settings));
  const { control, handleSubmit, formState } = useForm<SettingsFormValues>({
    defaultValues: initial,
    resolver: settingsResolver,
  });

  const submit = handleSubmit(async (values) => {
    try {
      // The version the form was filled from: a save based on an older one is refused (ADR 017).
      await save.mutateAsync(toUpdate(values, initial, settings.version));
      onSaved();
      enqueueSnackbar(t('workspace.saved'), { variant: 'success' });
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 409 && error.code === 'STALE')) {
        enqueueSnackbar(errorMessage(error, t), { variant: 'error' });
        return;
      }
      // Someone else saved first: the form refills with what is saved now, and says so.
      const current = staleRecord<WorkspaceSettings>(error);
      if (current) queryClient.setQueryData(workspaceKeys.settings(), current);
      else await queryClient.invalidateQueries({ queryKey: workspaceKeys.settings() });
      onStale();
    }
  });

  return (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
        }}
      >
        <Box sx={{ gridColumn: '1 / -1' }}>
          <SignupCard control={control} />
        </Box>
        <MailQuotaCard control={control} />
        <StorageCard control={control} savedBytes={settings.storageQuotaBytes} />
        <FileManagerCard control={control} />
      </Box>
      <SaveChangesButton saving={formState.isSubmitting} dirty={formState.isDirty} sx={{ mt: 3 }} />
    </Box>
  );
}

/**
 * `/dashboard/workspace` (administrators, issue 24 A): who may sign up and whether members may invite, the
 * outbound mail quotas, the default storage quota, the file manager's versions and trash — saved together
 * with a version check — and the invitations.
 */
export function WorkspaceSettingsView() {
  const { t } = useTranslation();
  const settings = useWorkspaceSettings();
  const [stale, setStale] = useState(false);

  const heading = (
    <PageHeading
      title={t('workspace.heading')}
      crumbs={[{ label: t('nav.management') }, { label: t('workspace.crumb') }]}
    />
  );

  return (
    <>
      {heading}
      <Stack spacing={3}>
        {stale && (
          <Alert severity="warning" onClose={() => setStale(false)}>
            {t('workspace.stale')}
          </Alert>
        )}
        {settings.isPending ? (
          <Stack spacing={3} aria-busy="true" aria-label={t('workspace.heading')}>
            <Skeleton variant="rounded" height={360} />
            <Skeleton variant="rounded" height={240} />
          </Stack>
        ) : settings.error ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void settings.refetch()}>
                {t('workspace.retry')}
              </Button>
            }
          >
            {t('workspace.loadFailed')} {errorMessage(settings.error, t)}
          </Alert>
        ) : (
          // A fresh form per version (defaults are read once): a save or a stale answer refills it.
          <SettingsForm
            key={settings.data.version}
            settings={settings.data}
            onSaved={() => setStale(false)}
            onStale={() => setStale(true)}
          />
        )}
        <InvitationsCard />
      </Stack>
    </>
  );
}
