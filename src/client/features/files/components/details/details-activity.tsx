import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

import { personAvatarSx } from '../../../../components/people-picker/people-picker.tsx';
import { fDateTime, fRelativeTime } from '../../../../lib/format.ts';
import type { FileActivity } from '#shared/contract/files.ts';

const text = (value: string | number | boolean | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

/**
 * What happened to an item, newest first: uploaded, renamed, shared…, by whom and when; older entries a page
 * at a time (`onMore`, shown while `hasMore`).
 */
export function DetailsActivity({
  activity,
  hasMore = false,
  loadingMore = false,
  moreError = null,
  onMore,
}: {
  activity: FileActivity[];
  hasMore?: boolean;
  loadingMore?: boolean;
  /** Why the last "Show older activity" failed. */
  moreError?: string | null;
  onMore?: () => void;
}) {
  const { t } = useTranslation();
  if (activity.length === 0) {
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('files.details.activity.none')}
      </Typography>
    );
  }
  return (
    <>
      <List dense disablePadding aria-label={t('files.details.activity.title')}>
        {activity.map((entry) => {
          const who = entry.actor?.name ?? t('files.details.activity.someone');
          return (
            <ListItem key={entry.id} disableGutters alignItems="flex-start">
              <ListItemAvatar sx={{ minWidth: 40 }}>
                <Avatar
                  alt=""
                  src={entry.actor?.avatarUrl ?? undefined}
                  sx={{ ...personAvatarSx, width: 28, height: 28, fontSize: 13 }}
                >
                  {who.charAt(0)}
                </Avatar>
              </ListItemAvatar>
              <ListItemText
                primary={t(`files.details.activity.actions.${entry.action}`, {
                  who,
                  from: text(entry.details.from),
                  to: text(entry.details.to),
                  name: text(entry.details.name),
                })}
                secondary={
                  <time dateTime={entry.createdAt} title={fDateTime(entry.createdAt)}>
                    {fRelativeTime(entry.createdAt)}
                  </time>
                }
              />
            </ListItem>
          );
        })}
      </List>
      {moreError && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {moreError}
        </Alert>
      )}
      {hasMore && onMore && (
        <Button fullWidth size="small" color="inherit" sx={{ mt: 1 }} loading={loadingMore} onClick={onMore}>
          {t('files.details.activity.more')}
        </Button>
      )}
    </>
  );
}
