import InputAdornment from '@mui/material/InputAdornment';
import type { Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

import { FormTextField } from '../../../components/form/form-text-field.tsx';
import { fData } from '../../../lib/format.ts';
import type { SettingsFormValues } from '../utils/settings-form.ts';
import { SettingsCard } from './settings-card.tsx';

/** "Storage": the default storage quota of a person, typed in GB (sent in bytes). */
export function StorageCard({
  control,
  savedBytes,
}: {
  control: Control<SettingsFormValues>;
  /** The quota as saved, shown exactly under the field. */
  savedBytes: number;
}) {
  const { t } = useTranslation();
  return (
    <SettingsCard title={t('workspace.storage.title')} subheader={t('workspace.storage.subheader')}>
      <FormTextField
        control={control}
        name="storageGb"
        label={t('workspace.storage.quota')}
        type="number"
        fullWidth
        helperText={t('workspace.storage.hint', { size: fData(savedBytes) })}
        slotProps={{
          htmlInput: { min: 0, step: 'any', inputMode: 'decimal' },
          input: {
            endAdornment: <InputAdornment position="end">{t('workspace.storage.unit')}</InputAdornment>,
          },
        }}
      />
    </SettingsCard>
  );
}
