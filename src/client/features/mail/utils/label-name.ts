import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

import type { MailLabel } from '#shared/contract/mail.ts';

import type { mail } from '../../../locales/langs/en/mail.ts';

type SystemName = keyof typeof mail.mail.system;

/** A label's name as shown: the system labels translated, the user's own as they wrote them. */
export function useLabelName() {
  const { t } = useTranslation();
  return useCallback(
    (label: Pick<MailLabel, 'type' | 'name'>) =>
      label.type === 'system' ? t(`mail.system.${label.name as SystemName}`) : label.name,
    [t],
  );
}
