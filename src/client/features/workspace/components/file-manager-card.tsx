import InputAdornment from '@mui/material/InputAdornment';
import type { Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

import { FormTextField } from '../../../components/form/form-text-field.tsx';
import type { SettingsFormValues } from '../utils/settings-form.ts';
import { SettingsCard } from './settings-card.tsx';

/**
 * "File manager" (issue 27, ADR 046): how many older versions of a file are kept, and how many days trashed
 * items stay before they are deleted forever.
 */
export function FileManagerCard({ control }: { control: Control<SettingsFormValues> }) {
  const { t } = useTranslation();
  return (
    <SettingsCard title={t('workspace.files.title')} subheader={t('workspace.files.subheader')}>
      <FormTextField
        control={control}
        name="fileVersionsKept"
        label={t('workspace.files.versionsKept')}
        type="number"
        fullWidth
        helperText={t('workspace.files.versionsKeptHint')}
        slotProps={{ htmlInput: { min: 0, max: 1000, step: 1, inputMode: 'numeric' } }}
      />
      <FormTextField
        control={control}
        name="trashRetentionDays"
        label={t('workspace.files.trashDays')}
        type="number"
        fullWidth
        helperText={t('workspace.files.trashDaysHint')}
        slotProps={{
          htmlInput: { min: 1, max: 3650, step: 1, inputMode: 'numeric' },
          input: {
            endAdornment: <InputAdornment position="end">{t('workspace.files.days')}</InputAdornment>,
          },
        }}
      />
    </SettingsCard>
  );
}
