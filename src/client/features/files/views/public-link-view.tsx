import Download from '@mui/icons-material/Download';
import FolderOutlined from '@mui/icons-material/FolderOutlined';
import InsertDriveFileOutlined from '@mui/icons-material/InsertDriveFileOutlined';
import LockOutlined from '@mui/icons-material/LockOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Pagination from '@mui/material/Pagination';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import type { PublicItem, PublicLink } from '#shared/contract/files.ts';

import { PageTitle } from '../../../components/page-title/page-title.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { fData, fDate } from '../../../lib/format.ts';
import { needsPassword, usePublicLink, useUnlockLink, wrongPassword } from '../api/sharing-api.ts';
import { FilePreview } from '../components/details/file-preview.tsx';

function PasswordForm({ token, onUnlocked }: { token: string; onUnlocked: (access: string) => void }) {
  const { t } = useTranslation();
  const unlock = useUnlockLink(token);
  const [password, setPassword] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!password) return;
    unlock.mutate(password, { onSuccess: ({ access }) => onUnlocked(access) });
  };
  const failure = unlock.error
    ? wrongPassword(unlock.error)
      ? t('files.publicLink.wrongPassword')
      : errorMessage(unlock.error, t)
    : null;
  return (
    <Stack component="form" onSubmit={submit} spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }}>
      <LockOutlined sx={{ fontSize: 40, color: 'text.secondary' }} aria-hidden />
      <Typography variant="h5" component="h1">
        {t('files.publicLink.passwordTitle')}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('files.publicLink.passwordText')}
      </Typography>
      <TextField
        type="password"
        autoComplete="off"
        autoFocus
        fullWidth
        label={t('files.publicLink.password')}
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={failure !== null}
        helperText={failure ?? undefined}
      />
      <Button
        type="submit"
        variant="contained"
        size="large"
        fullWidth
        loading={unlock.isPending}
        disabled={!password}
      >
        {t('files.publicLink.unlock')}
      </Button>
    </Stack>
  );
}

function FileBody({ item, downloadOnly }: { item: PublicItem; downloadOnly: boolean }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={2}>
      {downloadOnly ? (
        <Alert severity="info">{t('files.publicLink.downloadOnly')}</Alert>
      ) : (
        <FilePreview
          source={{
            name: item.name,
            type: item.type,
            mimeType: item.mimeType,
            url: item.url,
            inlinePdf: true,
          }}
        />
      )}
      {item.downloadUrl && (
        <Box>
          <Button
            component="a"
            href={item.downloadUrl}
            download={item.name}
            variant="contained"
            startIcon={<Download />}
          >
            {t('files.publicLink.download')}
          </Button>
        </Box>
      )}
    </Stack>
  );
}

function FolderBody({
  data,
  onOpenFolder,
  page,
  onPage,
}: {
  data: PublicLink;
  onOpenFolder: (id: string | null) => void;
  page: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  const [shown, setShown] = useState<PublicItem | null>(null);
  const downloadOnly = data.link.downloadOnly;
  const pages = Math.max(1, Math.ceil(data.total / data.pageSize));
  return (
    <Stack spacing={2}>
      <Breadcrumbs aria-label={t('files.publicLink.path')}>
        <Link component="button" type="button" color="inherit" onClick={() => onOpenFolder(null)}>
          {data.link.item.name}
        </Link>
        {data.breadcrumbs.map((crumb) => (
          <Link
            key={crumb.id}
            component="button"
            type="button"
            color="inherit"
            onClick={() => onOpenFolder(crumb.id)}
          >
            {crumb.name}
          </Link>
        ))}
      </Breadcrumbs>
      {data.items.length === 0 ? (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('files.publicLink.emptyFolder')}
        </Typography>
      ) : (
        <List aria-label={t('files.publicLink.contents')} disablePadding>
          {data.items.map((item) => (
            <ListItem
              key={item.id}
              disablePadding
              secondaryAction={
                item.type === 'file' && item.downloadUrl ? (
                  <Tooltip title={t('files.publicLink.downloadOf', { name: item.name })}>
                    <IconButton
                      component="a"
                      href={item.downloadUrl}
                      download={item.name}
                      edge="end"
                      aria-label={t('files.publicLink.downloadOf', { name: item.name })}
                    >
                      <Download />
                    </IconButton>
                  </Tooltip>
                ) : undefined
              }
            >
              <ListItemButton
                onClick={() => (item.type === 'folder' ? onOpenFolder(item.id) : setShown(item))}
                disabled={item.type === 'file' && downloadOnly}
                selected={shown?.id === item.id}
              >
                <ListItemIcon sx={{ minWidth: 40 }}>
                  {item.type === 'folder' ? (
                    <FolderOutlined sx={{ color: 'warning.main' }} />
                  ) : (
                    <InsertDriveFileOutlined />
                  )}
                </ListItemIcon>
                <ListItemText
                  primary={item.name}
                  secondary={item.type === 'file' ? fData(item.size) : t('files.kinds.folder')}
                />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      )}
      {pages > 1 && (
        <Pagination
          count={pages}
          page={page + 1}
          onChange={(_event, next) => onPage(next - 1)}
          sx={{ alignSelf: 'center' }}
        />
      )}
      {shown && !downloadOnly && (
        <Box component="section" aria-label={t('files.publicLink.previewOf', { name: shown.name })}>
          <Typography variant="subtitle2" component="h2" sx={{ mb: 1 }}>
            {shown.name}
          </Typography>
          <FilePreview
            source={{
              name: shown.name,
              type: shown.type,
              mimeType: shown.mimeType,
              url: shown.url,
              inlinePdf: true,
            }}
          />
        </Box>
      )}
      <Box>
        <Button component="a" href={data.zipUrl} variant="contained" startIcon={<Download />}>
          {t('files.publicLink.downloadAll')}
        </Button>
      </Box>
    </Stack>
  );
}

/**
 * `/files/s/:token`: what a share link leads to, for anyone (signed out too). A link with a password asks
 * for it first; then a file shows its preview (not for download-only links) and a download button, a
 * folder its contents to browse, each file to download, and the whole folder as a zip.
 */
export function PublicLinkView({ token }: { token: string }) {
  const { t } = useTranslation();
  const [access, setAccess] = useState<string | null>(null);
  const [parentId, setParentId] = useState<string | null>(null);
  const [page, setPage] = useState(0);
  const link = usePublicLink(token, access, parentId, page);

  let body;
  if (link.isPending) {
    body = (
      <Stack spacing={2} aria-busy>
        <Skeleton variant="text" width="60%" height={40} />
        <Skeleton variant="rounded" height={200} />
      </Stack>
    );
  } else if (link.isError) {
    body = needsPassword(link.error) ? (
      <PasswordForm token={token} onUnlocked={setAccess} />
    ) : (
      <Stack spacing={1} sx={{ textAlign: 'center' }}>
        <Typography variant="h5" component="h1">
          {t('files.publicLink.unavailableTitle')}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {link.error instanceof ApiError && link.error.status < 500
            ? t('files.publicLink.unavailable')
            : errorMessage(link.error, t)}
        </Typography>
      </Stack>
    );
  } else {
    const { item, ownerName, expiresAt, downloadOnly } = link.data.link;
    body = (
      <Stack spacing={2.5}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0 }}>
          {item.type === 'folder' ? (
            <FolderOutlined sx={{ fontSize: 36, color: 'warning.main' }} aria-hidden />
          ) : (
            <InsertDriveFileOutlined sx={{ fontSize: 36, color: 'text.secondary' }} aria-hidden />
          )}
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="h5" component="h1" sx={{ wordBreak: 'break-word' }}>
              {item.name}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {[
                t('files.publicLink.sharedBy', { name: ownerName }),
                ...(item.type === 'file' ? [fData(item.size)] : []),
                ...(expiresAt ? [t('files.publicLink.expires', { date: fDate(expiresAt) })] : []),
              ].join(' · ')}
            </Typography>
          </Box>
        </Stack>
        {item.type === 'folder' ? (
          <FolderBody
            data={link.data}
            page={page}
            onPage={setPage}
            onOpenFolder={(id) => {
              setParentId(id);
              setPage(0);
            }}
          />
        ) : (
          <FileBody item={item} downloadOnly={downloadOnly} />
        )}
      </Stack>
    );
  }

  return (
    <>
      <PageTitle title={link.data?.link.item.name ?? t('files.publicLink.pageTitle')} />
      <Card sx={{ width: 1, maxWidth: 760, p: { xs: 2.5, sm: 4 } }}>{body}</Card>
    </>
  );
}
