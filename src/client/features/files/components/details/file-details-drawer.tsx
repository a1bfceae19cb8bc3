import Close from '@mui/icons-material/Close';
import Download from '@mui/icons-material/Download';
import PersonAddAlt from '@mui/icons-material/PersonAddAlt';
import Star from '@mui/icons-material/Star';
import StarBorder from '@mui/icons-material/StarBorder';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import type { Breadcrumb, FileItem } from '#shared/contract/files.ts';

import { personAvatarSx } from '../../../../components/people-picker/people-picker.tsx';
import { useSnackbar } from '../../../../components/snackbar/use-snackbar.ts';
import { errorMessage } from '../../../../lib/error-message.ts';
import { fData, fDateTime } from '../../../../lib/format.ts';
import { useActivity, useItem, useSetFavourite, useVersions } from '../../api/details-api.ts';
import { useShares, type FileRef } from '../../api/sharing-api.ts';
import { DetailsActivity } from './details-activity.tsx';
import { DetailsTags } from './details-tags.tsx';
import { DetailsVersions } from './details-versions.tsx';
import { FilePreview } from './file-preview.tsx';

const ShareDialog = lazy(() => import('../share/share-dialog.tsx').then((m) => ({ default: m.ShareDialog })));

export type FileDetailsDrawerProps = {
  /** The item (a list row): its name shows at once while the details load. */
  item?: FileRef | null;
  /** Or only its id. */
  itemId?: string | null;
  open: boolean;
  onClose: () => void;
  /** Opens the page's share dialog; without it the drawer opens one of its own. */
  onShare?: (item: FileRef) => void;
};

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Box component="section" aria-labelledby={id} sx={{ px: 2.5, py: 2 }}>
      <Typography id={id} variant="subtitle2" component="h3" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function Properties({ item, breadcrumbs }: { item: FileItem; breadcrumbs: Breadcrumb[] }) {
  const { t } = useTranslation();
  const type =
    item.type === 'folder'
      ? t('files.kinds.folder')
      : `${t(`files.kinds.${item.kind}`)}${item.mimeType ? ` (${item.mimeType})` : ''}`;
  const location = [t('files.root'), ...breadcrumbs.map((crumb) => crumb.name)].join(' / ');
  const rows: [string, ReactNode][] = [
    ...(item.type === 'file'
      ? [[t('files.details.properties.size'), fData(item.size)] as [string, ReactNode]]
      : []),
    [t('files.details.properties.type'), type],
    [t('files.details.properties.owner'), item.owner.name],
    [t('files.details.properties.location'), <bdi key="path">{location}</bdi>],
    [t('files.details.properties.created'), fDateTime(item.createdAt)],
    [t('files.details.properties.modified'), fDateTime(item.updatedAt)],
  ];
  return (
    <Box
      component="dl"
      sx={{ m: 0, display: 'grid', gridTemplateColumns: 'minmax(96px, auto) 1fr', columnGap: 2, rowGap: 1 }}
    >
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
            {label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, wordBreak: 'break-word' }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function FavouriteButton({ item }: { item: FileItem }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const setFavourite = useSetFavourite(item.id);
  const on = setFavourite.isPending ? setFavourite.variables : item.favourite;
  const label = on ? t('files.actions.unfavourite') : t('files.actions.favourite');
  return (
    <Tooltip title={label}>
      <IconButton
        aria-label={t('files.favourite')}
        aria-pressed={on}
        onClick={() =>
          setFavourite.mutate(!on, {
            onError: (error) => enqueueSnackbar(errorMessage(error, t), { variant: 'error' }),
          })
        }
        sx={{ color: on ? 'warning.main' : undefined }}
      >
        {on ? <Star /> : <StarBorder />}
      </IconButton>
    </Tooltip>
  );
}

function SharedWith({ item, onShare }: { item: FileItem; onShare?: () => void }) {
  const { t } = useTranslation();
  const shares = useShares(item.id);
  return (
    <Stack spacing={1.5}>
      {shares.isPending ? (
        <Skeleton variant="rounded" height={32} />
      ) : shares.isError ? (
        <Alert severity="error">{errorMessage(shares.error, t)}</Alert>
      ) : shares.data.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('files.notShared')}
        </Typography>
      ) : (
        <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {shares.data.map((share) => (
            <Stack
              component="li"
              key={share.user.id}
              direction="row"
              spacing={1.5}
              sx={{ alignItems: 'center' }}
            >
              <Avatar
                alt=""
                src={share.user.avatarUrl ?? undefined}
                sx={{ ...personAvatarSx, width: 28, height: 28, fontSize: 13 }}
              >
                {share.user.name.charAt(0)}
              </Avatar>
              <Typography variant="body2" sx={{ flexGrow: 1, minWidth: 0 }} noWrap>
                {share.user.name}
              </Typography>
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                {share.role === 'edit' ? t('files.canEdit') : t('files.canView')}
              </Typography>
            </Stack>
          ))}
        </Stack>
      )}
      {onShare && (
        <Box>
          <Button size="small" variant="outlined" startIcon={<PersonAddAlt />} onClick={onShare}>
            {t('files.details.manageSharing')}
          </Button>
        </Box>
      )}
    </Stack>
  );
}

function Versions({ item, canEdit }: { item: FileItem; canEdit: boolean }) {
  const { t } = useTranslation();
  const versions = useVersions(item.id);
  if (versions.isPending) return <Skeleton variant="rounded" height={48} />;
  if (versions.isError) return <Alert severity="error">{errorMessage(versions.error, t)}</Alert>;
  return <DetailsVersions item={item} versions={versions.data} canEdit={canEdit} />;
}

function Activity({ item }: { item: FileItem }) {
  const { t } = useTranslation();
  const activity = useActivity(item.id);
  if (activity.isPending) return <Skeleton variant="rounded" height={48} />;
  if (!activity.data) return <Alert severity="error">{errorMessage(activity.error, t)}</Alert>;
  return (
    <DetailsActivity
      activity={activity.data}
      hasMore={activity.hasNextPage}
      loadingMore={activity.isFetchingNextPage}
      moreError={activity.isFetchNextPageError ? errorMessage(activity.error, t) : null}
      onMore={() => void activity.fetchNextPage()}
    />
  );
}

function DetailsBody({
  item,
  breadcrumbs,
  onShare,
}: {
  item: FileItem;
  breadcrumbs: Breadcrumb[];
  onShare?: () => void;
}) {
  const { t } = useTranslation();
  const canEdit = item.access !== 'view';
  const isFile = item.type === 'file';
  return (
    <>
      <Box sx={{ px: 2.5, pt: 2 }}>
        <FilePreview
          source={{
            name: item.name,
            type: item.type,
            mimeType: item.mimeType,
            url: item.url,
            inlinePdf: true,
          }}
        />
        {isFile && item.downloadUrl && (
          <Button
            component="a"
            href={item.downloadUrl}
            download={item.name}
            startIcon={<Download />}
            variant="outlined"
            size="small"
            sx={{ mt: 1.5 }}
          >
            {t('files.details.download')}
          </Button>
        )}
      </Box>
      <Section title={t('files.details.properties.title')}>
        <Properties item={item} breadcrumbs={breadcrumbs} />
      </Section>
      <Divider />
      <Section title={t('files.details.tags.title')}>
        <DetailsTags item={item} canEdit={canEdit} />
      </Section>
      <Divider />
      <Section title={t('files.details.sharedWith')}>
        <SharedWith item={item} onShare={item.access === 'owner' ? onShare : undefined} />
      </Section>
      {isFile && (
        <>
          <Divider />
          <Section title={t('files.details.versions.title')}>
            <Versions item={item} canEdit={canEdit} />
          </Section>
        </>
      )}
      <Divider />
      <Section title={t('files.details.activity.title')}>
        <Activity item={item} />
      </Section>
    </>
  );
}

/**
 * One file's or folder's details, from the end side (full width on a phone): preview, properties, tags,
 * favourite, who it is shared with, versions and activity.
 */
export function FileDetailsDrawer({ item, itemId, open, onClose, onShare }: FileDetailsDrawerProps) {
  const { t } = useTranslation();
  const id = item?.id ?? itemId ?? null;
  const details = useItem(open ? id : null);
  const titleId = useId();
  const [sharing, setSharing] = useState(false);
  const current = details.data?.item;
  const name = current?.name ?? item?.name ?? '';
  const ref: FileRef | null = current
    ? { id: current.id, name: current.name, type: current.type }
    : (item ?? null);
  const share = ref ? () => (onShare ? onShare(ref) : setSharing(true)) : undefined;

  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{
        paper: { sx: { width: { xs: 1, sm: 420 } }, role: 'dialog', 'aria-labelledby': titleId } as object,
      }}
    >
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', px: 2, py: 1.5 }}>
        <Typography id={titleId} variant="h6" component="h2" noWrap sx={{ flexGrow: 1, minWidth: 0 }}>
          {name || t('files.details.title')}
        </Typography>
        {current && <FavouriteButton item={current} />}
        {current?.access === 'owner' && share && (
          <Tooltip title={t('files.actions.share')}>
            <IconButton aria-label={t('files.actions.share')} onClick={share}>
              <PersonAddAlt />
            </IconButton>
          </Tooltip>
        )}
        <IconButton aria-label={t('files.details.close')} onClick={onClose}>
          <Close />
        </IconButton>
      </Stack>
      <Divider />
      <Box sx={{ overflowY: 'auto', flexGrow: 1, pb: 2 }}>
        {details.isPending ? (
          <Stack spacing={2} sx={{ p: 2.5 }} aria-busy>
            <Skeleton variant="rounded" height={180} />
            <Skeleton variant="text" />
            <Skeleton variant="text" />
            <Skeleton variant="text" />
          </Stack>
        ) : details.isError ? (
          <Alert severity="error" sx={{ m: 2.5 }}>
            {errorMessage(details.error, t)}
          </Alert>
        ) : (
          <DetailsBody item={details.data.item} breadcrumbs={details.data.breadcrumbs} onShare={share} />
        )}
      </Box>
      {sharing && ref && (
        <Suspense fallback={null}>
          <ShareDialog items={[ref]} open={sharing} onClose={() => setSharing(false)} />
        </Suspense>
      )}
    </Drawer>
  );
}
