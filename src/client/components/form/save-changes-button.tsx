import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { SxProps, Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';

type SaveChangesButtonProps = {
  /** Shows the spinner and blocks a second submit. */
  saving: boolean;
  /** Disabled until something changed; absent = always enabled. */
  dirty?: boolean;
  sx?: SxProps<Theme>;
};

/** "Save changes", the submit button at the end of an account tab's form. */
export function SaveChangesButton({ saving, dirty = true, sx }: SaveChangesButtonProps) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" sx={[{ justifyContent: 'flex-end' }, ...(Array.isArray(sx) ? sx : [sx])]}>
      <Button type="submit" variant="contained" loading={saving} disabled={!dirty}>
        {t('common.saveChanges')}
      </Button>
    </Stack>
  );
}
