import ContentCopy from '@mui/icons-material/ContentCopy';
import EditOutlined from '@mui/icons-material/EditOutlined';
import FolderOutlined from '@mui/icons-material/FolderOutlined';
import InsertDriveFileOutlined from '@mui/icons-material/InsertDriveFileOutlined';
import LinkOff from '@mui/icons-material/LinkOff';
import OpenInNew from '@mui/icons-material/OpenInNew';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { FileLink } from '#shared/contract/files.ts';

import { ConfirmDialog } from '../../../components/confirm-dialog/confirm-dialog.tsx';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table.tsx';
import { ListSearchField } from '../../../components/data-table/list-search-field.tsx';
import { listTableProps, useListState } from '../../../components/data-table/use-list-state.ts';
import { PageHeading } from '../../../components/page-heading/page-heading.tsx';
import { useSnackbar } from '../../../components/snackbar/use-snackbar.ts';
import { TabStrip } from '../../../components/tab-strip/tab-strip.tsx';
import { paths } from '../../../config/paths.ts';
import { useAuth } from '../../../lib/auth/use-auth.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { fDateTime } from '../../../lib/format.ts';
import {
  linksList,
  shareLinkPath,
  useLinkActions,
  useSharedLinks,
  type LinkScope,
} from '../api/sharing-api.ts';
import { EditLinkDialog } from '../components/share/edit-link-dialog.tsx';
import { LinkChips, useCopyLink } from '../components/share/share-links.tsx';

/**
 * /dashboard/files-manager/links: the links the person made, newest first, to copy, open, change (expiry,
 * password, download-only) or revoke; an administrator also sees everyone's (the "All links" tab) and may
 * change or revoke any.
 */
export function SharedLinksView() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const isAdmin = useAuth((state) => state.user?.role === 'admin');
  const list = useListState(linksList.config);
  const scope: LinkScope = isAdmin && list.filters.scope === 'all' ? 'all' : 'mine';
  const params = { ...linksList.paramsOf(list), scope };
  const query = useSharedLinks(params);
  const actions = useLinkActions();
  const copy = useCopyLink();
  const [revoking, setRevoking] = useState<FileLink | null>(null);
  const [editing, setEditing] = useState<FileLink | null>(null);

  const revoke = () => {
    if (!revoking) return;
    actions.revoke.mutate(revoking.id, {
      onSuccess: () => {
        enqueueSnackbar(t('files.share.links.revoked'));
        setRevoking(null);
      },
      onError: (error) => enqueueSnackbar(errorMessage(error, t), { variant: 'error' }),
    });
  };

  const columns: DataTableColumn<FileLink>[] = [
    {
      field: 'item',
      header: t('files.links.columns.item'),
      minWidth: 200,
      render: (link) => (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
          {link.item.type === 'folder' ? (
            <FolderOutlined fontSize="small" sx={{ color: 'warning.main' }} aria-hidden />
          ) : (
            <InsertDriveFileOutlined fontSize="small" sx={{ color: 'text.secondary' }} aria-hidden />
          )}
          <Typography variant="body2" noWrap>
            {link.item.name}
          </Typography>
        </Stack>
      ),
    },
    ...(scope === 'all'
      ? [
          {
            field: 'owner',
            header: t('files.links.columns.owner'),
            render: (link: FileLink) => link.owner.name,
          },
        ]
      : []),
    {
      field: 'conditions',
      header: t('files.links.columns.conditions'),
      minWidth: 200,
      render: (link) => <LinkChips link={link} />,
    },
    {
      field: 'createdAt',
      header: t('files.links.columns.created'),
      render: (link) => fDateTime(link.createdAt),
    },
    {
      field: 'actions',
      header: t('files.links.columns.actions'),
      align: 'right',
      render: (link) => (
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          <Tooltip title={t('files.links.copyOf', { name: link.item.name })}>
            <IconButton
              aria-label={t('files.links.copyOf', { name: link.item.name })}
              onClick={() => void copy(link)}
            >
              <ContentCopy fontSize="small" />
            </IconButton>
          </Tooltip>
          <Tooltip title={t('files.links.openOf', { name: link.item.name })}>
            <IconButton
              component="a"
              href={shareLinkPath(link.token)}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={t('files.links.openOf', { name: link.item.name })}
            >
              <OpenInNew fontSize="small" />
            </IconButton>
          </Tooltip>
          <Tooltip title={t('files.links.editOf', { name: link.item.name })}>
            <IconButton
              aria-label={t('files.links.editOf', { name: link.item.name })}
              onClick={() => setEditing(link)}
            >
              <EditOutlined fontSize="small" />
            </IconButton>
          </Tooltip>
          <Tooltip title={t('files.links.revokeOf', { name: link.item.name })}>
            <IconButton
              color="error"
              aria-label={t('files.links.revokeOf', { name: link.item.name })}
              onClick={() => setRevoking(link)}
            >
              <LinkOff fontSize="small" />
            </IconButton>
          </Tooltip>
        </Stack>
      ),
    },
  ];

  return (
    <>
      <PageHeading
        title={t('files.links.title')}
        crumbs={[
          { label: t('files.title'), to: paths.dashboard.fileManager },
          { label: t('files.links.title') },
        ]}
      />
      <Card>
        {isAdmin && (
          <TabStrip
            value={scope}
            onChange={(value: LinkScope) => list.setFilter('scope', value === 'mine' ? undefined : value)}
            label={t('files.links.scopes.label')}
            items={[
              { value: 'mine', label: t('files.links.scopes.mine') },
              { value: 'all', label: t('files.links.scopes.all') },
            ]}
          />
        )}
        <Box sx={{ p: 2.5 }}>
          <ListSearchField
            value={list.searchInput}
            onChange={list.setSearchInput}
            label={t('files.links.search')}
            placeholder={t('files.links.searchPlaceholder')}
          />
        </Box>
        <DataTable
          label={t('files.links.title')}
          columns={columns}
          rows={query.data?.links ?? []}
          getRowId={(link) => link.id}
          rowCount={query.data?.total ?? 0}
          hasNextPage={query.data?.hasNextPage}
          {...listTableProps(list, linksList.config, query, query.error && errorMessage(query.error, t))}
          emptyText={list.search ? t('files.links.emptySearch') : t('files.links.empty')}
        />
      </Card>
      <ConfirmDialog
        open={revoking !== null}
        title={t('files.share.links.revokeTitle')}
        content={
          revoking?.owner && scope === 'all'
            ? t('files.links.revokeOthers', { name: revoking.owner.name })
            : t('files.share.links.revokeText')
        }
        action={t('files.share.links.revoke')}
        loading={actions.revoke.isPending}
        onConfirm={revoke}
        onClose={() => setRevoking(null)}
      />
      {editing && <EditLinkDialog link={editing} onClose={() => setEditing(null)} />}
    </>
  );
}
