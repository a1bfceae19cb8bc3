import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useController, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

import { signupModes, type SignupMode } from '#shared/contract/workspace.ts';

import { FormSwitch } from '../../../components/form/form-switch.tsx';
import { Label } from '../../../components/label/label.tsx';
import type { SettingsFormValues } from '../utils/settings-form.ts';
import { SettingsCard } from './settings-card.tsx';

/** The mode the page recommends (the default of a new instance unless `SIGNUP` says otherwise). */
const RECOMMENDED: SignupMode = 'verify';

/** "Sign-up": who may register (the five modes, each with what it means) and whether members may invite. */
export function SignupCard({ control }: { control: Control<SettingsFormValues> }) {
  const { t } = useTranslation();
  const legendId = useId();
  const explainId = useId();
  const { field } = useController({ name: 'signup', control });
  return (
    <SettingsCard title={t('workspace.signup.title')} subheader={t('workspace.signup.subheader')}>
      <FormControl component="fieldset">
        <FormLabel component="legend" id={legendId} sx={{ mb: 1 }}>
          {t('workspace.signup.legend')}
        </FormLabel>
        <RadioGroup
          aria-labelledby={legendId}
          name={field.name}
          value={field.value}
          onChange={(event) => field.onChange(event.target.value as SignupMode)}
          onBlur={field.onBlur}
        >
          <Stack spacing={1.5}>
            {signupModes.map((mode) => (
              <Stack key={mode}>
                <FormControlLabel
                  value={mode}
                  control={<Radio slotProps={{ input: { 'aria-describedby': `${explainId}-${mode}` } }} />}
                  label={
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                      <Typography variant="subtitle2" component="span">
                        {t(`workspace.signup.modes.${mode}`)}
                      </Typography>
                      {mode === RECOMMENDED && (
                        <Label color="success">{t('workspace.signup.recommended')}</Label>
                      )}
                    </Stack>
                  }
                />
                {/* Under the label, aligned with its text (past the radio's 42px). */}
                <Typography
                  id={`${explainId}-${mode}`}
                  variant="body2"
                  sx={{ color: 'text.secondary', pl: '42px', mt: -0.5 }}
                >
                  {t(`workspace.signup.explain.${mode}`)}
                </Typography>
              </Stack>
            ))}
          </Stack>
        </RadioGroup>
      </FormControl>
      <Stack>
        <FormSwitch
          control={control}
          name="membersMayInvite"
          label={t('workspace.signup.membersMayInvite')}
        />
        <FormHelperText sx={{ mt: 0, mx: 0 }}>{t('workspace.signup.membersMayInviteHint')}</FormHelperText>
      </Stack>
    </SettingsCard>
  );
}
