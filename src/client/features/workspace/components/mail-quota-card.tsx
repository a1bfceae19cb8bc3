import type { Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

import { FormTextField } from '../../../components/form/form-text-field.tsx';
import { quotaKeys, type SettingsFormValues } from '../utils/settings-form.ts';
import { SettingsCard } from './settings-card.tsx';

/** "Mail quotas": outside recipients per person per hour and per day, and for the whole workspace per day. */
export function MailQuotaCard({ control }: { control: Control<SettingsFormValues> }) {
  const { t } = useTranslation();
  return (
    <SettingsCard title={t('workspace.mailQuota.title')} subheader={t('workspace.mailQuota.subheader')}>
      {quotaKeys.map((key) => (
        <FormTextField
          key={key}
          control={control}
          name={`mailQuota.${key}`}
          label={t(`workspace.mailQuota.${key}`)}
          type="number"
          fullWidth
          slotProps={{ htmlInput: { min: 0, step: 1, inputMode: 'numeric' } }}
        />
      ))}
    </SettingsCard>
  );
}
