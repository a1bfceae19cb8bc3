import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';

import { LINK_PASSWORD_MAX } from '#shared/contract/file-limits.ts';
import type { FileLink, UpdateLinkInput } from '#shared/contract/files.ts';

/** Today plus `days`, as a date field's value (yyyy-mm-dd, local). */
export function dateInDays(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  return dayOf(date);
}

function dayOf(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** A date field's day, as the end of that day in the person's time zone (ISO). */
export function endOfDay(value: string): string {
  const [year, month, day] = value.split('-').map(Number);
  return new Date(year!, month! - 1, day!, 23, 59, 59).toISOString();
}

/** A link's conditions as the form holds them (a new link, or one being changed). */
export type LinkConditions = {
  expires: boolean;
  expiryDate: string;
  protect: boolean;
  /** Typed; empty on a link that has a password: the password is kept. */
  password: string;
  downloadOnly: boolean;
};

/** A new link's conditions (none; a week if an expiry is switched on), or an existing link's. */
export function linkConditions(link?: FileLink): LinkConditions {
  return {
    expires: Boolean(link?.expiresAt),
    expiryDate: link?.expiresAt ? dayOf(new Date(link.expiresAt)) : dateInDays(7),
    protect: link?.hasPassword ?? false,
    password: '',
    downloadOnly: link?.downloadOnly ?? false,
  };
}

/**
 * What stops the form from being sent: a password switched on with none typed (none kept either), or an
 * expiry before today. `initial`: an existing link's conditions, whose unchanged expiry is not checked
 * again (an expired link may be changed otherwise).
 */
export function linkProblems(
  value: LinkConditions,
  { hasPassword = false, initial }: { hasPassword?: boolean; initial?: LinkConditions } = {},
) {
  const expiryUnchanged =
    initial !== undefined && initial.expires === value.expires && initial.expiryDate === value.expiryDate;
  const passwordMissing = value.protect && value.password.length === 0 && !hasPassword;
  const expiryInvalid =
    value.expires && !expiryUnchanged && (!value.expiryDate || value.expiryDate < dateInDays(0));
  return { passwordMissing, expiryInvalid, invalid: passwordMissing || expiryInvalid };
}

/** The PATCH body of a changed link: only what differs from `initial` (an empty password keeps the old one). */
export function linkChanges(value: LinkConditions, initial: LinkConditions): UpdateLinkInput {
  const expiryChanged =
    value.expires !== initial.expires || (value.expires && value.expiryDate !== initial.expiryDate);
  const password = !value.protect ? (initial.protect ? null : undefined) : value.password || undefined;
  return {
    ...(expiryChanged ? { expiresAt: value.expires ? endOfDay(value.expiryDate) : null } : {}),
    ...(password !== undefined ? { password } : {}),
    ...(value.downloadOnly !== initial.downloadOnly ? { downloadOnly: value.downloadOnly } : {}),
  };
}

/**
 * The conditions of a link, as switches: an expiry (a day), a password, download only. Used to make a
 * link (share dialog) and to change one (the edit dialog).
 */
export function LinkConditionsFields({
  value,
  onChange,
  hasPassword = false,
  initial,
}: {
  value: LinkConditions;
  onChange: (value: LinkConditions) => void;
  /** The link already has a password: an empty field keeps it. */
  hasPassword?: boolean;
  initial?: LinkConditions;
}) {
  const { t } = useTranslation();
  const { expiryInvalid } = linkProblems(value, { hasPassword, initial });
  const set = (change: Partial<LinkConditions>) => onChange({ ...value, ...change });
  return (
    <Stack spacing={1}>
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <FormControlLabel
          control={
            <Switch checked={value.expires} onChange={(event) => set({ expires: event.target.checked })} />
          }
          label={t('files.share.links.setExpiry')}
        />
        {value.expires && (
          <TextField
            type="date"
            size="small"
            label={t('files.share.links.expiryDate')}
            value={value.expiryDate}
            onChange={(event) => set({ expiryDate: event.target.value })}
            error={expiryInvalid}
            helperText={expiryInvalid ? t('files.share.links.expiryPast') : undefined}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: dateInDays(0) } }}
          />
        )}
      </Stack>
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <FormControlLabel
          control={
            <Switch checked={value.protect} onChange={(event) => set({ protect: event.target.checked })} />
          }
          label={t('files.share.links.setPassword')}
        />
        {value.protect && (
          <TextField
            type="password"
            size="small"
            autoComplete="new-password"
            label={t(hasPassword ? 'files.share.links.newPassword' : 'files.share.links.password')}
            value={value.password}
            onChange={(event) => set({ password: event.target.value })}
            helperText={hasPassword ? t('files.share.links.keepPassword') : undefined}
            slotProps={{ htmlInput: { maxLength: LINK_PASSWORD_MAX } }}
          />
        )}
      </Stack>
      <FormControlLabel
        control={
          <Switch
            checked={value.downloadOnly}
            onChange={(event) => set({ downloadOnly: event.target.checked })}
          />
        }
        label={t('files.share.links.downloadOnlyLabel')}
      />
    </Stack>
  );
}
