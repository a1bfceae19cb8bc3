import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';

import { paths } from '../../../config/paths.ts';
import { authStore } from '../../../lib/auth/auth-store.ts';

/**
 * "Enter code" in the toast of a mail refused because the account's address is not verified yet (ADR 034).
 * A plain link: the toast lives outside the router; the message was kept as a draft before it shows.
 */
export function EnterCodeButton() {
  const { t } = useTranslation();
  const email = authStore.getState().user?.email ?? '';
  return (
    <Button size="small" color="inherit" href={`${paths.auth.verify}?email=${encodeURIComponent(email)}`}>
      {t('verifyBanner.enterCode')}
    </Button>
  );
}
