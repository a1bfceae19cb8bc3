import type { SxProps, Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';

import { auditActions, type AuditAction } from '#shared/contract/users.ts';

import { Label } from '../../../components/label/label.tsx';

type ActionColor = 'success' | 'info' | 'secondary' | 'error' | 'default';

/** Translation key (users.audit.actions.*) and colour of each action the API writes. */
const actionDisplay = {
  'user.create': { key: 'create', color: 'success' },
  'user.update': { key: 'update', color: 'info' },
  'user.ban': { key: 'ban', color: 'error' },
  'user.delete': { key: 'delete', color: 'error' },
  'user.bulk_delete': { key: 'bulkDelete', color: 'error' },
  'user.avatar': { key: 'avatar', color: 'secondary' },
} as const satisfies Record<AuditAction, { key: string; color: ActionColor }>;

const isKnownAction = (action: string): action is AuditAction =>
  (auditActions as readonly string[]).includes(action);

/** Like the status labels: readable on the tint, also in dark mode over a hovered row. */
function contrastSx(color: ActionColor): SxProps<Theme> {
  if (color === 'default') return { color: 'text.primary' };
  return (theme) => (theme.palette.mode === 'dark' ? { color: theme.palette[color].light } : {});
}

/** An audit action as a coloured label ("Banned the user" in red); an unknown action shows as written. */
export function AuditActionLabel({ action }: { action: string }) {
  const { t } = useTranslation();
  if (!isKnownAction(action)) {
    return (
      <Label color="default" sx={contrastSx('default')}>
        {action}
      </Label>
    );
  }
  const { key, color } = actionDisplay[action];
  return (
    <Label color={color} sx={contrastSx(color)}>
      {t(`users.audit.actions.${key}`)}
    </Label>
  );
}
